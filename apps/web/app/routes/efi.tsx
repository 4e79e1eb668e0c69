import { efi } from '../content/efi';
import { ContentPage } from '../components/content-page';
import { contentMeta } from '../lib/content-route';
import { useI18n } from '../lib/i18n';
import type { Route } from './+types/efi';
import '../styles/memorial.css';

export const meta: Route.MetaFunction = ({ location, matches }) =>
  contentMeta(efi, location.pathname, matches[0]?.data);

export default function Page() {
  const { locale } = useI18n();
  return <ContentPage page={efi[locale]} />;
}
