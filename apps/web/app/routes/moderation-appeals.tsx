import {
  DecideAppealRequest,
  STATEMENT_MAX,
  STATEMENT_MIN,
  type AppealsPage,
} from '@mepedia/contracts';
import { moderationQueries } from '@mepedia/web-api/queries';
import { moderationMessages, registerMessages, reportMessages } from '@mepedia/web-i18n';
import {
  QueryClient,
  dehydrate,
  useInfiniteQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { Scale } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { FormError, TextAreaField } from '../components/field';
import { LocalizedLink } from '../components/localized-link';
import { CharacterCount, lengthOf } from '../components/moderation/character-count';
import {
  DecisionFacts,
  ItemText,
  ModerationNav,
  OwnerName,
  readAsModerator,
  PagedList,
} from '../components/moderation/parts';
import { QueryProvider } from '../components/query/query-provider';
import { RadioGroup } from '../components/ui/radio-group';
import { useApi } from '../lib/api';
import { serverApi } from '../lib/context';
import { contractResolver, useContractForm } from '../lib/contract-form';
import { absoluteDate } from '../lib/dates';
import { useI18n } from '../lib/i18n';
import { richMessage } from '../lib/rich-message';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/moderation-appeals';
import '../styles/moderation.css';

registerMessages(reportMessages);
registerMessages(moderationMessages);

type OpenAppeal = AppealsPage['appeals'][number];

/**
 * Appeals waiting for a decision (issue 35), oldest first, moderators' and admins' only: each
 * with the decision appealed and the author's words, and the form to uphold or reverse it (never
 * by the moderator who made the decision: APPEAL_OWN_DECISION, said in the page's language).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = serverApi(context, request);
  const queryClient = new QueryClient();
  await readAsModerator(() => queryClient.fetchInfiniteQuery(moderationQueries.appeals(api)));
  return { dehydrated: dehydrate(queryClient) };
}

export const meta: Route.MetaFunction = ({ location, matches }) => [
  ...pageMeta(matches[0]?.data, location.pathname, { title: 'moderation.appeals.title' }),
  { name: 'robots', content: 'noindex' },
];

export default function AppealsRoute({ loaderData }: Route.ComponentProps) {
  return (
    <QueryProvider state={loaderData.dehydrated}>
      <Appeals />
    </QueryProvider>
  );
}

function Appeals() {
  const { t } = useI18n();
  const api = useApi();
  const queryClient = useQueryClient();
  const query = moderationQueries.appeals(api);
  const list = useInfiniteQuery(query);
  const heading = useRef<HTMLHeadingElement>(null);
  const [said, setSaid] = useState('');
  // A decided appeal leaves the list, and its form with it: focus goes to the page's heading.
  useEffect(() => {
    if (said) heading.current?.focus();
  }, [said]);

  const decided = (appealId: string) => {
    queryClient.setQueryData<InfiniteData<AppealsPage>>(
      query.queryKey,
      (data) =>
        data && {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            appeals: page.appeals.filter((appeal) => appeal.appealId !== appealId),
          })),
        },
    );
    setSaid(t('moderation.appeals.decided'));
    void queryClient.invalidateQueries({ queryKey: moderationQueries.all });
  };

  return (
    <section className="page moderation-page" aria-labelledby="appeals-title">
      <h1 id="appeals-title" ref={heading} tabIndex={-1}>
        {t('moderation.appeals.title')}
      </h1>
      <ModerationNav />
      <p className="moderation-said" role="status">
        {said}
      </p>
      <PagedList
        list={list}
        itemsOf={(page) => page.appeals}
        keyOf={(appeal) => appeal.appealId}
        render={(appeal) => <AppealRow appeal={appeal} onDecided={decided} />}
        empty={{ icon: Scale, title: t('moderation.appeals.empty') }}
      />
    </section>
  );
}

function AppealRow({
  appeal,
  onDecided,
}: {
  appeal: OpenAppeal;
  onDecided: (appealId: string) => void;
}) {
  const { t, locale } = useI18n();
  const { decision } = appeal;
  const titleId = `appeal-${appeal.appealId}`;
  const action = t(`moderation.done.${decision.action}`);
  return (
    <li className="moderation-card">
      <article aria-labelledby={titleId}>
        <h2 id={titleId} className="moderation-card-title">
          {decision.item
            ? richMessage(t, 'moderation.appeals.item', {
                decision: (
                  <>
                    {action} ·{' '}
                    {richMessage(t, 'moderation.queue.by', {
                      kind: t('moderation.kind', { kind: decision.item.kind }),
                      name: <OwnerName item={decision.item} />,
                    })}
                  </>
                ),
              })
            : t('moderation.appeals.item', { decision: action })}
        </h2>
        {decision.item && <ItemText item={decision.item} />}
        <DecisionFacts decision={decision} />
        {decision.caseId && (
          <p>
            <LocalizedLink to={`/moderation/case/${decision.caseId}`}>
              {t('moderation.appeals.case')}
            </LocalizedLink>
          </p>
        )}
        <h3>{t('moderation.appeals.words')}</h3>
        <p className="muted">
          {t('moderation.appeals.sent', { date: absoluteDate(appeal.sentAt, locale) })}
        </p>
        <p className="moderation-statement" dir="auto">
          {appeal.words}
        </p>
        <AppealDecisionForm appealId={appeal.appealId} onDecided={onDecided} />
      </article>
    </li>
  );
}

type AppealDecisionValues = { outcome: 'upheld' | 'reversed' | ''; statement: string };

const NO_DECISION: AppealDecisionValues = { outcome: '', statement: '' };

export function appealDecisionResolver(appealId: string) {
  return contractResolver(DecideAppealRequest, (values: AppealDecisionValues) => ({
    appealId,
    outcome: values.outcome,
    statement: values.statement ?? '',
  }));
}

function AppealDecisionForm({
  appealId,
  onDecided,
}: {
  appealId: string;
  onDecided: (appealId: string) => void;
}) {
  const { t } = useI18n();
  const api = useApi();
  const resolver = useMemo(() => appealDecisionResolver(appealId), [appealId]);
  const form = useContractForm(resolver, {
    defaultValues: NO_DECISION,
    fixErrors: t('auth.fixErrors'),
    words: (code, field) => {
      if (field === 'outcome') return t('moderation.appeals.outcome.required');
      if (field === 'statement' && code === 'CONTENT_TOO_SHORT')
        return t('report.tooShort', { min: STATEMENT_MIN });
      if (field === 'statement' && code === 'TOO_LONG')
        return t('report.tooLong', { max: STATEMENT_MAX });
      return undefined;
    },
  });
  const outcome = useController({ control: form.control, name: 'outcome' });
  const statement = useWatch({ control: form.control, name: 'statement' });

  const send = form.onSubmit(async (request) => {
    try {
      await api.moderation.decideAppeal(request);
      onDecided(appealId);
    } catch (error) {
      form.refused(error);
    }
  });

  return (
    <form className="form moderation-decide" noValidate onSubmit={send}>
      <FormError message={form.formError} />
      <RadioGroup<'upheld' | 'reversed'>
        legend={t('moderation.appeals.outcome')}
        name={`outcome-${appealId}`}
        options={[
          { value: 'upheld', label: t('moderation.appeals.upheld') },
          { value: 'reversed', label: t('moderation.appeals.reversed') },
        ]}
        value={outcome.field.value}
        onChange={outcome.field.onChange}
        ref={outcome.field.ref}
        required
        error={form.errorOf('outcome')}
      />
      <TextAreaField
        label={t('moderation.appeals.statement')}
        rows={4}
        required
        {...form.register('statement')}
        error={form.errorOf('statement')}
        hint={
          <>
            {t('moderation.decide.statement.hint')}{' '}
            <CharacterCount length={lengthOf(statement)} max={STATEMENT_MAX} />
          </>
        }
      />
      <div className="actions">
        <button type="submit" className="button" disabled={form.busy}>
          {form.busy ? t('moderation.decide.sending') : t('moderation.appeals.send')}
        </button>
      </div>
    </form>
  );
}
