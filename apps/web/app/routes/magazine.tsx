import { useI18n } from '../lib/i18n';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/magazine';

export const meta: Route.MetaFunction = ({ location, matches }) =>
  pageMeta(matches[0]?.data, location.pathname, {
    title: 'home.magazine.title',
    description: 'home.magazine.text',
  });

/** The magazine's shell; its stories arrive with the posts service. */
export default function Magazine() {
  const { t } = useI18n();
  return (
    <section className="page" aria-labelledby="magazine-title">
      <h1 id="magazine-title">{t('menu.magazine')}</h1>
      <p className="lead">{t('home.magazine.text')}</p>
    </section>
  );
}
