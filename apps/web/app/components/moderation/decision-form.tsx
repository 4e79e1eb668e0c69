import {
  DecideRequest,
  MODERATION_ACTIONS,
  MODERATION_REASONS,
  STATEMENT_MAX,
  STATEMENT_MIN,
  SUSPENSION_DAYS_MAX,
  type Decision,
  type ModerationAction,
  type ModerationReason,
} from '@mepedia/contracts';
import { ApiError } from '@mepedia/web-api';
import { moderationMessages, registerMessages, reportMessages } from '@mepedia/web-i18n';
import { useMemo, useRef, useState } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { useApi } from '../../lib/api';
import { contractResolver, useContractForm } from '../../lib/contract-form';
import { useI18n } from '../../lib/i18n';
import { Field, FormError, SelectField, TextAreaField } from '../field';
import { RadioGroup } from '../ui/radio-group';
import { CharacterCount, lengthOf } from './character-count';

// Its words: the reasons' names are the Report dialog's (report.*), the rest moderation's.
registerMessages(reportMessages);
registerMessages(moderationMessages);

export type DecisionValues = {
  action: ModerationAction | '';
  rule: ModerationReason | '';
  days: string;
  statement: string;
};

const EMPTY: DecisionValues = { action: '', rule: '', days: '', statement: '' };

/** Actions that name no rule (nothing was broken, or it is undone). */
const WITHOUT_RULE: ReadonlySet<string> = new Set(['dismiss', 'restore']);

/**
 * The form's values as `moderation/decide` takes them: the case and the version the moderator
 * read (`target`, read when sent, so a case read again sends its new version), the rule but for
 * a dismissal or a restoration, the days for a suspension.
 */
export function decisionResolver(target: () => { caseId: string; version: number }) {
  return contractResolver(DecideRequest, (values: DecisionValues) => {
    const { caseId, version } = target();
    const days = values.days?.trim() ? Number(values.days) : undefined;
    return {
      caseId,
      version,
      action: values.action,
      ...(values.rule && !WITHOUT_RULE.has(values.action) ? { rule: values.rule } : {}),
      statement: values.statement ?? '',
      ...(values.action === 'suspend' ? { days } : {}),
    };
  });
}

/**
 * A moderator's decision on a case (issue 35): the action, the rule it breaks (not for a
 * dismissal or a restoration), the days of a suspension, and the statement of reasons the author
 * reads (counted as typed). Sent with the case's `version`: when something came in since
 * (CASE_CHANGED) it says so above the form, keeps what was typed, and has the page read the case
 * again (`onStale`); the next send carries the new version. Other refusals (an action the item's
 * state does not allow...) are the error catalogue's words for their code, in the page's
 * language. A recorded decision is said in a polite live region and handed to `onDecided`.
 */
export function DecisionForm({
  caseId,
  version,
  onDecided,
  onStale,
}: {
  caseId: string;
  version: number;
  onDecided: (decision: Decision) => void;
  onStale: () => void;
}) {
  const { t } = useI18n();
  const api = useApi();
  const target = useRef({ caseId, version });
  target.current = { caseId, version };
  const resolver = useMemo(() => decisionResolver(() => target.current), []);
  const form = useContractForm(resolver, {
    defaultValues: EMPTY,
    fixErrors: t('auth.fixErrors'),
    words: (code, field) => {
      if (field === 'action') return t('moderation.decide.action.required');
      if (field === 'rule') return t('moderation.decide.rule.required');
      if (field === 'days')
        return t('moderation.decide.days.required', { max: SUSPENSION_DAYS_MAX });
      if (field === 'statement' && code === 'CONTENT_TOO_SHORT')
        return t('report.tooShort', { min: STATEMENT_MIN });
      if (field === 'statement' && code === 'TOO_LONG')
        return t('report.tooLong', { max: STATEMENT_MAX });
      return undefined;
    },
  });
  const action = useController({ control: form.control, name: 'action' });
  const statement = useWatch({ control: form.control, name: 'statement' });
  const [said, setSaid] = useState('');

  const send = form.onSubmit(async (request) => {
    setSaid('');
    try {
      const decision = await api.moderation.decide(request);
      form.reset(EMPTY);
      setSaid(t('moderation.case.decided'));
      onDecided(decision);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'CASE_CHANGED') {
        // What was typed stays: the moderator reads what came, and sends again.
        form.setFormError(t('moderation.case.changed'));
        onStale();
        return;
      }
      form.refused(error);
    }
  });

  const chosen = action.field.value;
  return (
    <form className="form moderation-decide" noValidate onSubmit={send}>
      <FormError message={form.formError} />
      <RadioGroup<ModerationAction>
        legend={t('moderation.decide.action')}
        name="action"
        options={MODERATION_ACTIONS.map((value) => ({
          value,
          label: t(`moderation.action.${value}`),
        }))}
        value={chosen}
        onChange={action.field.onChange}
        ref={action.field.ref}
        required
        error={form.errorOf('action')}
      />
      {!WITHOUT_RULE.has(chosen) && (
        <SelectField
          label={t('moderation.decide.rule')}
          required
          {...form.register('rule')}
          error={form.errorOf('rule')}
          options={[
            { value: '', label: t('moderation.decide.rule.choose') },
            ...MODERATION_REASONS.map((value) => ({
              value,
              label: t(`report.reason.${value}`),
            })),
          ]}
        />
      )}
      {chosen === 'suspend' && (
        <Field
          label={t('moderation.decide.days')}
          type="number"
          inputMode="numeric"
          min={1}
          max={SUSPENSION_DAYS_MAX}
          required
          {...form.register('days')}
          error={form.errorOf('days')}
          hint={t('moderation.decide.days.hint', { max: SUSPENSION_DAYS_MAX })}
        />
      )}
      <TextAreaField
        label={t('moderation.decide.statement')}
        rows={5}
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
          {form.busy ? t('moderation.decide.sending') : t('moderation.decide.send')}
        </button>
      </div>
      <p className="moderation-said" role="status">
        {said}
      </p>
    </form>
  );
}
