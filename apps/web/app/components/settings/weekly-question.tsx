import {
  WeeklyQuestionScheduleRequest,
  type Language,
  type WeeklyQuestionSettings,
} from '@mepedia/contracts';
import { registerMessages, weeklyQuestionMessages } from '@mepedia/web-i18n';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertCircle } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useApi } from '../../lib/api';
import { contractResolver } from '../../lib/contract-form';
import { useI18n } from '../../lib/i18n';
import { richMessage } from '../../lib/rich-message';
import { EmptyState } from '../empty-state';
import { FormError, SelectField } from '../field';
import { Skeleton } from '../ui/skeleton';
import { useToasts } from '../toasts';
import { useSettingsContractForm } from './use-settings-form';

registerMessages(weeklyQuestionMessages);

export type WeeklyQuestionValues = { weekday: string; hour: string; timeZone: string };

/** The form's values as the schedule call takes them, checked with its contract. */
export const weeklyQuestionResolver = contractResolver(
  WeeklyQuestionScheduleRequest,
  (values: WeeklyQuestionValues) => ({
    weekday: Number(values.weekday),
    hour: Number(values.hour),
    timeZone: values.timeZone,
  }),
);

/** The browser's own time zone (the default), or UTC where it says none. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The weekdays' names in `locale`, Sunday (0) first: 1 January 2023 was a Sunday. */
export function weekdayNames(locale: string): string[] {
  const format = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  return Array.from({ length: 7 }, (_, day) => format.format(Date.UTC(2023, 0, 1 + day)));
}

/** The hours 0–23 as `locale` writes a time of day. */
export function hourNames(locale: string): string[] {
  const format = new Intl.DateTimeFormat(locale, {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  });
  return Array.from({ length: 24 }, (_, hour) => format.format(Date.UTC(2023, 0, 1, hour)));
}

function timeZones(current: string): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([current, 'UTC', ...known])].sort();
}

export const weeklyQuestionKey = (memberId: string) => ['weeklyQuestion', memberId] as const;

/**
 * The weekly question in the settings (issue 32): on with a weekday, hour and time zone (the
 * browser's by default), then pause, resume, skip next week or stop, with when the next question
 * goes in the member's words and time zone. Its own component: the email preferences join the
 * settings beside it.
 */
export function WeeklyQuestionSection({ memberId }: { memberId: string }) {
  const { t } = useI18n();
  const api = useApi();
  const settings = useQuery({
    queryKey: weeklyQuestionKey(memberId),
    queryFn: () => api.weeklyQuestion.getSettings(),
  });
  if (settings.isPending)
    return (
      <div aria-busy="true">
        <p className="visually-hidden" role="status">
          {t('weeklyQuestion.loading')}
        </p>
        <Skeleton />
        <Skeleton shape="short" />
      </div>
    );
  if (settings.isError)
    return (
      <EmptyState
        icon={AlertCircle}
        title={t('weeklyQuestion.loadFailed')}
        action={
          <button type="button" className="button" onClick={() => void settings.refetch()}>
            {t('weeklyQuestion.retry')}
          </button>
        }
      />
    );
  return <WeeklyQuestionForm memberId={memberId} settings={settings.data} />;
}

function WeeklyQuestionForm({
  memberId,
  settings,
}: {
  memberId: string;
  settings: WeeklyQuestionSettings;
}) {
  const { t, locale } = useI18n();
  const api = useApi();
  const queryClient = useQueryClient();
  const toasts = useToasts();
  const form = useSettingsContractForm(weeklyQuestionResolver);
  const [acting, setActing] = useState(false);
  const statusId = useId();
  const zone = settings.timeZone ?? browserTimeZone();
  const zones = useMemo(() => timeZones(zone), [zone]);
  const days = weekdayNames(locale);
  const hours = hourNames(locale);
  const store = (next: WeeklyQuestionSettings) =>
    queryClient.setQueryData(weeklyQuestionKey(memberId), next);

  /** A button's call: the settings it answers replace the shown ones; a failure says so. */
  const act = (call: () => Promise<WeeklyQuestionSettings>) => () => {
    setActing(true);
    void call()
      .then(store, () => toasts.error(t('weeklyQuestion.failed')))
      .finally(() => setActing(false));
  };

  const when = settings.nextSendAt
    ? new Intl.DateTimeFormat(locale, {
        dateStyle: 'full',
        timeStyle: 'short',
        timeZone: settings.timeZone ?? undefined,
      }).format(new Date(settings.nextSendAt))
    : '';
  const status =
    settings.state === 'on'
      ? t(settings.skipping ? 'weeklyQuestion.state.skipping' : 'weeklyQuestion.state.on', { when })
      : t(`weeklyQuestion.state.${settings.state}`);
  const language: Language = locale === 'he' ? 'he' : 'en';
  const running = settings.state === 'on' || settings.state === 'paused';

  return (
    <div className="weekly-question">
      <h3>{t('weeklyQuestion.title')}</h3>
      <p className="muted">{t('weeklyQuestion.intro')}</p>
      <p id={statusId} className="weekly-question-status" role="status" aria-live="polite">
        {status}
      </p>
      {settings.nextQuestion && settings.state !== 'finished' ? (
        <p className="weekly-question-next">
          {richMessage(
            t,
            settings.nextQuestion.kind === 'private'
              ? 'weeklyQuestion.nextPrivate'
              : 'weeklyQuestion.next',
            // A private question's title is the member's own words, in whichever language.
            { title: <bdi dir="auto">{settings.nextQuestion.title[language]}</bdi> },
          )}
        </p>
      ) : null}
      {settings.state === 'finished' ? null : (
        <form
          className="form"
          noValidate
          onSubmit={form.submit(async (request) => {
            store(await api.weeklyQuestion.schedule({ ...request, language }));
          }, t('weeklyQuestion.saved'))}
        >
          <FormError message={form.formError} />
          <div className="field-row">
            <SelectField
              label={t('weeklyQuestion.weekday')}
              defaultValue={String(settings.weekday ?? new Date().getDay())}
              {...form.register('weekday')}
              error={form.errorOf('weekday')}
              options={days.map((name, day) => ({ value: String(day), label: name }))}
            />
            <SelectField
              label={t('weeklyQuestion.hour')}
              defaultValue={String(settings.hour ?? 18)}
              {...form.register('hour')}
              error={form.errorOf('hour')}
              options={hours.map((name, hour) => ({ value: String(hour), label: name }))}
            />
          </div>
          <SelectField
            label={t('weeklyQuestion.timeZone')}
            dir="ltr"
            defaultValue={zone}
            {...form.register('timeZone')}
            error={form.errorOf('timeZone')}
            options={zones.map((name) => ({ value: name, label: name.replaceAll('_', ' ') }))}
          />
          <p className="settings-field-note muted">{t('weeklyQuestion.timeZoneHint')}</p>
          <div className="actions">
            <button type="submit" className="button" disabled={form.busy}>
              {form.busy
                ? t('weeklyQuestion.saving')
                : t(running ? 'weeklyQuestion.update' : 'weeklyQuestion.start')}
            </button>
          </div>
        </form>
      )}
      {running ? (
        <div className="actions weekly-question-actions" aria-describedby={statusId}>
          {settings.state === 'on' ? (
            <>
              <button
                type="button"
                className="button button-secondary"
                disabled={acting}
                onClick={act(() => api.weeklyQuestion.pause())}
              >
                {t('weeklyQuestion.pause')}
              </button>
              <button
                type="button"
                className="button button-secondary"
                disabled={acting || settings.skipping}
                onClick={act(() => api.weeklyQuestion.skip())}
              >
                {t('weeklyQuestion.skip')}
              </button>
            </>
          ) : (
            <button
              type="button"
              className="button button-secondary"
              disabled={acting}
              onClick={act(() => api.weeklyQuestion.resume())}
            >
              {t('weeklyQuestion.resume')}
            </button>
          )}
          <button
            type="button"
            className="button button-secondary"
            disabled={acting}
            onClick={act(() => api.weeklyQuestion.stop())}
          >
            {t('weeklyQuestion.stop')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
