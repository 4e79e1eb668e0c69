import type { PublicProfile } from '@mepedia/contracts';
import { resolveProfileImage } from '@mepedia/contracts/browser';
import { ApiError } from '@mepedia/web-api';
import { createTranslator } from '@mepedia/web-i18n';
import { data } from 'react-router';
import { serverApi } from '../lib/context';
import { useI18n } from '../lib/i18n';
import { pageMeta, rootOf } from '../lib/seo';
import type { Route } from './+types/profile';
import { Avatar } from '../components/avatar';
import { textLang } from '../lib/text-lang';

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
        <Avatar name={profile.fullname} image={image} size="lg" loading="eager" />
        <div>
          <h1 id="profile-title" dir="auto" lang={textLang(profile.fullname)}>
            {profile.fullname}
          </h1>
          {profile.moto && (
            <p className="lead" dir="auto" lang={textLang(profile.moto)}>
              {profile.moto}
            </p>
          )}
          {profile.aboutMe && (
            <p dir="auto" lang={textLang(profile.aboutMe)}>
              {profile.aboutMe}
            </p>
          )}
        </div>
        <p className="visually-hidden">{t('profile.title', { name: profile.fullname })}</p>
      </header>
    </article>
  );
}
