import { support } from '../content/support';
import { ContentPage } from '../components/content-page';
import { contentMeta } from '../lib/content-route';
import { useI18n } from '../lib/i18n';
import { DEFAULT_SUPPORT_CHAT_URL } from '../lib/site';
import { useRootData } from '../root';
import type { Route } from './+types/support';

export const meta: Route.MetaFunction = ({ location, matches }) =>
  contentMeta(support, location.pathname, matches[0]?.data);

export default function Page() {
  const { locale } = useI18n();
  const chat = useRootData()?.supportChatUrl ?? DEFAULT_SUPPORT_CHAT_URL;
  return (
    <ContentPage page={support[locale]}>
      <p>
        <a className="button" href={chat} target="_blank" rel="noopener noreferrer">
          {locale === 'he' ? 'לקבוצת צ׳אט התמיכה' : 'Open the support chat'}
        </a>
      </p>
    </ContentPage>
  );
}
