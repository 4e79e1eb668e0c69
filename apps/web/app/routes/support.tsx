import { support } from '../content/support';
import { ContentPage } from '../components/content-page';
import { contentMeta } from '../lib/content-route';
import { useI18n } from '../lib/i18n';
import { SUPPORT_CHAT_URL } from '../lib/site';
import type { Route } from './+types/support';

export const meta: Route.MetaFunction = ({ location, matches }) =>
  contentMeta(support, location.pathname, matches[0]?.data);

export default function Page() {
  const { locale } = useI18n();
  return (
    <ContentPage page={support[locale]}>
      <p>
        <a className="button" href={SUPPORT_CHAT_URL} target="_blank" rel="noopener noreferrer">
          {locale === 'he' ? 'לקבוצת צ׳אט התמיכה' : 'Open the support chat'}
        </a>
      </p>
    </ContentPage>
  );
}
