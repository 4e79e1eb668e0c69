import {
  EMAIL_CHOOSABLE_KINDS,
  EMAIL_FREQUENCIES,
  SetEmailPreferencesRequest,
  type EmailFrequency,
  type EmailPreferences,
} from '@mepedia/contracts';
import { emailPreferencesMessages, registerMessages } from '@mepedia/web-i18n';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertCircle } from 'lucide-react';
import { useMemo } from 'react';
import { useApi } from '../../lib/api';
import { contractResolver } from '../../lib/contract-form';
import { useI18n } from '../../lib/i18n';
import { EmptyState } from '../empty-state';
import { FormError, SelectField } from '../field';
import { Skeleton } from '../ui/skeleton';
import { useSettingsContractForm } from './use-settings-form';
import { browserTimeZone, hourNames, weekdayNames } from './weekly-question';

registerMessages(emailPreferencesMessages);

type ChoosableKind = (typeof EMAIL_CHOOSABLE_KINDS)[number];

export type EmailPreferencesValues = Record<ChoosableKind, string> & {
  digestHour: string;
  digestWeekday: string;
  timeZone: string;
};

/** The form's values as the change call takes them, checked with its contract. */
export const emailPreferencesResolver = contractResolver(
  SetEmailPreferencesRequest,
  (values: EmailPreferencesValues) => ({
    // Only the kinds offered: the others keep what they are.
    kinds: Object.fromEntries(EMAIL_CHOOSABLE_KINDS.map((kind) => [kind, values[kind]])),
    digestHour: Number(values.digestHour),
    digestWeekday: Number(values.digestWeekday),
    timeZone: values.timeZone,
  }),
);

export const emailPreferencesKey = (memberId: string) => ['emailPreferences', memberId] as const;

function timeZones(current: string): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([current, 'UTC', ...known])].sort();
}

/**
 * Notifications by email in the settings (issue 32): a choice (at once, a daily or weekly
 * summary, never) per kind that can happen today (`EMAIL_CHOOSABLE_KINDS`: not the magazine's,
 * which only the member does yet), and when summaries come (hour, weekday, time zone). Its own component,
 * beside the weekly question's.
 */
export function EmailPreferencesSection({ memberId }: { memberId: string }) {
  const { t } = useI18n();
  const api = useApi();
  const preferences = useQuery({
    queryKey: emailPreferencesKey(memberId),
    queryFn: () => api.emailPreferences.get(),
  });
  if (preferences.isPending)
    return (
      <div aria-busy="true">
        <p className="visually-hidden" role="status">
          {t('emailPreferences.loading')}
        </p>
        <Skeleton />
        <Skeleton shape="short" />
      </div>
    );
  if (preferences.isError)
    return (
      <EmptyState
        icon={AlertCircle}
        title={t('emailPreferences.loadFailed')}
        action={
          <button type="button" className="button" onClick={() => void preferences.refetch()}>
            {t('emailPreferences.retry')}
          </button>
        }
      />
    );
  return <EmailPreferencesForm memberId={memberId} preferences={preferences.data} />;
}

function EmailPreferencesForm({
  memberId,
  preferences,
}: {
  memberId: string;
  preferences: EmailPreferences;
}) {
  const { t, locale } = useI18n();
  const api = useApi();
  const queryClient = useQueryClient();
  const form = useSettingsContractForm(emailPreferencesResolver);
  // A member who never chose a time zone is offered the browser's.
  const zone = preferences.timeZone === 'UTC' ? browserTimeZone() : preferences.timeZone;
  const zones = useMemo(() => timeZones(zone), [zone]);
  const frequencies = EMAIL_FREQUENCIES.map((frequency: EmailFrequency) => ({
    value: frequency,
    label: t(`emailPreferences.frequency.${frequency}`),
  }));

  return (
    <div className="email-preferences">
      <h3>{t('emailPreferences.title')}</h3>
      <p className="muted">{t('emailPreferences.intro')}</p>
      <form
        className="form"
        noValidate
        onSubmit={form.submit(async (request) => {
          const next = await api.emailPreferences.set(request);
          queryClient.setQueryData(emailPreferencesKey(memberId), next);
        }, t('emailPreferences.saved'))}
      >
        <FormError message={form.formError} />
        <fieldset>
          <legend>{t('emailPreferences.kinds')}</legend>
          {EMAIL_CHOOSABLE_KINDS.map((kind) => (
            <SelectField
              key={kind}
              label={t(`emailKinds.${kind}`)}
              defaultValue={preferences.kinds[kind]}
              {...form.register(kind)}
              error={form.errorOf(kind)}
              options={frequencies}
            />
          ))}
        </fieldset>
        <fieldset>
          <legend>{t('emailPreferences.digest')}</legend>
          <div className="field-row">
            <SelectField
              label={t('emailPreferences.hour')}
              defaultValue={String(preferences.digestHour)}
              {...form.register('digestHour')}
              error={form.errorOf('digestHour')}
              options={hourNames(locale).map((name, hour) => ({
                value: String(hour),
                label: name,
              }))}
            />
            <SelectField
              label={t('emailPreferences.weekday')}
              defaultValue={String(preferences.digestWeekday)}
              {...form.register('digestWeekday')}
              error={form.errorOf('digestWeekday')}
              options={weekdayNames(locale).map((name, day) => ({
                value: String(day),
                label: name,
              }))}
            />
          </div>
          <SelectField
            label={t('emailPreferences.timeZone')}
            dir="ltr"
            defaultValue={zone}
            {...form.register('timeZone')}
            error={form.errorOf('timeZone')}
            options={zones.map((name) => ({ value: name, label: name.replaceAll('_', ' ') }))}
          />
        </fieldset>
        <div className="actions">
          <button type="submit" className="button" disabled={form.busy}>
            {form.busy ? t('emailPreferences.saving') : t('emailPreferences.save')}
          </button>
        </div>
      </form>
    </div>
  );
}
