import { terms } from '../content/terms';
import { ContentPage } from '../components/content-page';
import { contentMeta } from '../lib/content-route';
import { useI18n } from '../lib/i18n';
import type { Route } from './+types/terms';

export const meta: Route.MetaFunction = ({ location, matches }) =>
  contentMeta(terms, location.pathname, matches[0]?.data);

export default function Page() {
  const { locale } = useI18n();
  return <ContentPage page={terms[locale]} />;
}
