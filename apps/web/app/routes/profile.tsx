import { resolveProfileImage, type PublicProfile } from '@mepedia/contracts';
import { ApiError } from '@mepedia/web-api';
import { createTranslator } from '@mepedia/web-i18n';
import { data } from 'react-router';
import { serverApi } from '../lib/context';
import { useI18n } from '../lib/i18n';
import { pageMeta, rootOf } from '../lib/seo';
import type { Route } from './+types/profile';
import { MemberImage } from '../components/member-image';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  try {
    return { profile: await serverApi(context, request).users.getProfileById(params.profileId) };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

export const meta: Route.MetaFunction = ({ location, matches, data: loaded }) => {
  const root = rootOf(matches[0]?.data);
  const profile = (loaded as { profile?: PublicProfile } | undefined)?.profile;
  const t = createTranslator(root?.locale ?? 'en');
  return pageMeta(
    root,
    location.pathname,
    { title: 'profile.title' },
    {
      title: profile ? t('profile.title', { name: profile.fullname }) : t('profile.notFound'),
      ...(profile?.aboutMe ? { description: profile.aboutMe } : {}),
    },
  );
};

/** The profile's header; posts and answers arrive with their services. */
export default function Profile({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { profile } = loaderData;
  const image = resolveProfileImage(profile);
  return (
    <article className="page" aria-labelledby="profile-title">
      <header className="profile-header">
        {image && (
          <MemberImage
            path={image}
            widths={[160, 320]}
            sizes="128px"
            width={128}
            height={128}
            className="avatar avatar-large"
          />
        )}
        <h1 id="profile-title" dir="auto">
          {profile.fullname}
        </h1>
        {profile.moto && (
          <p className="lead" dir="auto">
            {profile.moto}
          </p>
        )}
        {profile.aboutMe && <p dir="auto">{profile.aboutMe}</p>}
        <p className="visually-hidden">{t('profile.title', { name: profile.fullname })}</p>
      </header>
    </article>
  );
}
