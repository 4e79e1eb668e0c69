import {
  MODERATED_ITEM_KINDS,
  MODERATION_REASONS,
  NOTICE_EXPLANATION_MAX,
  NOTICE_EXPLANATION_MIN,
  NoticeRequest,
  type ModeratedItemKind,
  type ModerationReason,
} from '@mepedia/contracts';
import { registerMessages, reportMessages, type Locale } from '@mepedia/web-i18n';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { data } from 'react-router';
import { CheckboxField, EmailField, Field, FormError, TextAreaField } from '../components/field';
import { LocalizedLink } from '../components/localized-link';
import { CharacterCount, lengthOf } from '../components/moderation/character-count';
import { RadioGroup } from '../components/ui/radio-group';
import { useApi } from '../lib/api';
import { contractResolver, useContractForm } from '../lib/contract-form';
import { useI18n } from '../lib/i18n';
import { richMessage } from '../lib/rich-message';
import { pageMeta } from '../lib/seo';
import { useRootData } from '../root';
import type { Route } from './+types/moderation-notice';
import '../styles/moderation.css';

registerMessages(reportMessages);

/** What an item's address is on this site, where it has one of its own (a post, a profile). */
function itemPath(kind: ModeratedItemKind, id: string): string | null {
  if (kind === 'post') return `/post/${id}`;
  if (kind === 'profile') return `/profile/${id}`;
  return null;
}

/**
 * A notice of illegal content (issue 35; the Digital Services Act, article 16), which anyone may
 * send, guests included: `/moderation/notice?kind=post&id=…`, linked from "Report illegal
 * content" beside each item for a guest. The address names the item; whether it exists is not
 * said here (the service answers REPORT_ITEM_NOT_FOUND for anything the sender may not read, as
 * for an id of nothing). An address that names no kind or id is the 404 page.
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const kind = url.searchParams.get('kind') ?? '';
  const id = url.searchParams.get('id') ?? '';
  if (!(MODERATED_ITEM_KINDS as readonly string[]).includes(kind) || !/^[\w-]{1,64}$/.test(id))
    throw data(null, { status: 404 });
  return { kind: kind as ModeratedItemKind, id };
}

export const meta: Route.MetaFunction = ({ location, matches }) => [
  ...pageMeta(matches[0]?.data, location.pathname, { title: 'report.notice.title' }),
  { name: 'robots', content: 'noindex' },
];

export type NoticeValues = {
  reason: ModerationReason | '';
  name: string;
  email: string;
  explanation: string;
  goodFaith: boolean;
};

const BLANK: NoticeValues = {
  reason: 'illegal',
  name: '',
  email: '',
  explanation: '',
  goodFaith: false,
};

/** The form's values as `moderation/notice` takes them, with the item and the page's language. */
export function noticeResolver(kind: ModeratedItemKind, id: string, language: Locale) {
  return contractResolver(NoticeRequest, (values: NoticeValues) => ({
    itemKind: kind,
    itemId: id,
    ...(values.reason ? { reason: values.reason } : {}),
    name: values.name ?? '',
    email: values.email ?? '',
    explanation: values.explanation ?? '',
    goodFaith: values.goodFaith === true ? true : undefined,
    language,
  }));
}

export default function NoticePage({ loaderData }: Route.ComponentProps) {
  const { kind, id } = loaderData;
  const { t, locale } = useI18n();
  const api = useApi();
  const member = useRootData()?.user ?? null;
  const resolver = useMemo(() => noticeResolver(kind, id, locale), [kind, id, locale]);
  const form = useContractForm(resolver, {
    defaultValues: BLANK,
    fixErrors: t('auth.fixErrors'),
    words: (code, field) => {
      if (field === 'goodFaith') return t('report.notice.goodFaith.required');
      if (field === 'explanation' && code === 'CONTENT_TOO_SHORT')
        return t('report.tooShort', { min: NOTICE_EXPLANATION_MIN });
      if (code === 'TOO_LONG' && field === 'explanation')
        return t('report.tooLong', { max: NOTICE_EXPLANATION_MAX });
      return undefined;
    },
  });
  const reason = useController({ control: form.control, name: 'reason' });
  const explanation = useWatch({ control: form.control, name: 'explanation' });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (sentTo) heading.current?.focus();
  }, [sentTo]);

  const send = form.onSubmit(async (request) => {
    try {
      await api.moderation.notice(request);
      setSentTo(request.email);
    } catch (error) {
      form.refused(error);
    }
  });

  const path = itemPath(kind, id);
  return (
    <article className="page page-narrow moderation-page" aria-labelledby="notice-title">
      <h1 id="notice-title">{t('report.notice.title')}</h1>
      <div role="status" className="notice-sent">
        {sentTo && (
          <section className="notice" aria-labelledby="notice-sent-title">
            <h2 id="notice-sent-title" ref={heading} tabIndex={-1}>
              {t('report.notice.sent.title')}
            </h2>
            <p>{richMessage(t, 'report.notice.sent', { email: <bdi dir="ltr">{sentTo}</bdi> })}</p>
            <p>
              <LocalizedLink to="/">{t('report.notice.back')}</LocalizedLink>
            </p>
          </section>
        )}
      </div>
      {!sentTo && (
        <>
          <p className="lead">{t('report.notice.intro')}</p>
          <p className="notice-about">
            {t('report.notice.about', { kind })}
            {path && (
              <>
                {' · '}
                <LocalizedLink to={path}>{t('report.notice.open')}</LocalizedLink>
              </>
            )}
          </p>
          {member && <p className="notice">{t('report.notice.member')}</p>}
          <form className="form" noValidate onSubmit={send}>
            <FormError message={form.formError} />
            <RadioGroup<ModerationReason>
              legend={t('report.notice.reason')}
              name="reason"
              options={MODERATION_REASONS.map((value) => ({
                value,
                label: t(`report.reason.${value}`),
              }))}
              value={reason.field.value}
              onChange={reason.field.onChange}
              ref={reason.field.ref}
              error={form.errorOf('reason')}
            />
            <TextAreaField
              label={t('report.notice.explanation')}
              rows={6}
              required
              {...form.register('explanation')}
              error={form.errorOf('explanation')}
              hint={
                <>
                  {t('report.notice.explanation.hint')}{' '}
                  <CharacterCount length={lengthOf(explanation)} max={NOTICE_EXPLANATION_MAX} />
                </>
              }
            />
            <div className="field-row">
              <Field
                label={t('report.notice.name')}
                autoComplete="name"
                dir="auto"
                required
                {...form.register('name')}
                error={form.errorOf('name')}
              />
              <EmailField
                label={t('report.notice.email')}
                required
                {...form.register('email')}
                error={form.errorOf('email')}
              />
            </div>
            <CheckboxField
              id="notice-good-faith"
              required
              {...form.register('goodFaith')}
              error={form.errorOf('goodFaith')}
            >
              {t('report.notice.goodFaith')}
            </CheckboxField>
            <div className="actions">
              <button type="submit" className="button" disabled={form.busy}>
                {form.busy ? t('report.sending') : t('report.notice.send')}
              </button>
            </div>
          </form>
        </>
      )}
    </article>
  );
}
