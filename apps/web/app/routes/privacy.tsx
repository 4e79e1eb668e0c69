import { privacy } from '../content/privacy';
import { ContentPage } from '../components/content-page';
import { contentMeta } from '../lib/content-route';
import { useI18n } from '../lib/i18n';
import type { Route } from './+types/privacy';

export const meta: Route.MetaFunction = ({ location, matches }) =>
  contentMeta(privacy, location.pathname, matches[0]?.data);

export default function Page() {
  const { locale } = useI18n();
  return <ContentPage page={privacy[locale]} />;
}
