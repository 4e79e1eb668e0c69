import { FileQuestion } from 'lucide-react';
import { data } from 'react-router';
import { EmptyState } from '../components/empty-state';
import { LocalizedLink } from '../components/localized-link';
import { useI18n } from '../lib/i18n';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/not-found';

export const meta: Route.MetaFunction = ({ location, matches }) => [
  ...pageMeta(matches[0]?.data, location.pathname, { title: 'notFound.title' }).slice(0, 2),
  { name: 'robots', content: 'noindex' },
];

/** Any address no page claims: a real 404 status, with the page. */
export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  const { t } = useI18n();
  return (
    <section className="page page-narrow error-page">
      <EmptyState
        icon={FileQuestion}
        title={t('notFound.title')}
        headingLevel={1}
        action={
          <LocalizedLink className="button" to="/">
            {t('notFound.home')}
          </LocalizedLink>
        }
      >
        <p className="error-status">{t('error.status', { status: 404 })}</p>
        <p>{t('notFound.text')}</p>
      </EmptyState>
    </section>
  );
}
