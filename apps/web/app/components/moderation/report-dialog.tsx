import {
  MODERATION_REASONS,
  REPORT_WORDS_MAX,
  ReportRequest,
  type ModeratedItemKind,
  type ModerationReason,
} from '@mepedia/contracts';
import { registerMessages, reportMessages } from '@mepedia/web-i18n';
import { useEffect, useId, useRef, useState } from 'react';
import { useController, useWatch } from 'react-hook-form';
import { useApi } from '../../lib/api';
import { contractResolver, useContractForm } from '../../lib/contract-form';
import { useI18n } from '../../lib/i18n';
import { richMessage } from '../../lib/rich-message';
import { FormError, TextAreaField } from '../field';
import { LocalizedLink } from '../localized-link';
import { Dialog } from '../ui/dialog';
import { RadioGroup } from '../ui/radio-group';
import { CharacterCount, lengthOf } from './character-count';

registerMessages(reportMessages);

export type ReportValues = {
  itemKind: ModeratedItemKind;
  itemId: string;
  reason: ModerationReason | '';
  words: string;
};

/** The dialog's values as `moderation/report` takes them, checked with its contract. */
export const reportResolver = contractResolver(ReportRequest, (values: ReportValues) => ({
  itemKind: values.itemKind,
  itemId: values.itemId,
  reason: values.reason,
  ...(values.words?.trim() ? { words: values.words } : {}),
}));

/**
 * The Report dialog (issue 35): why (a radio group of the service's reasons), the reporter's own
 * words (optional, counted as typed), Send. Refusals (already reported, gone, one's own, too
 * many reports) are the error catalogue's words for their code in the page's language, above the
 * form; the form stays, so nothing typed is lost. Once received, it says so in a polite live
 * region, with the way to the outcome ("My reports"), and focus goes to Close.
 */
export default function ReportDialog({
  open,
  kind,
  itemId,
  onClose,
}: {
  open: boolean;
  kind: ModeratedItemKind;
  itemId: string;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const api = useApi();
  const formId = useId();
  const start: ReportValues = { itemKind: kind, itemId, reason: '', words: '' };
  const form = useContractForm(reportResolver, {
    defaultValues: start,
    fixErrors: null,
    words: (code, field) =>
      field === 'reason'
        ? t('report.reason.required')
        : field === 'words' && code === 'TOO_LONG'
          ? t('report.tooLong', { max: REPORT_WORDS_MAX })
          : undefined,
  });
  const reason = useController({ control: form.control, name: 'reason' });
  const words = useWatch({ control: form.control, name: 'words' });
  const [received, setReceived] = useState(false);
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (received) close.current?.focus();
  }, [received]);

  const send = form.onSubmit(async (request) => {
    try {
      await api.moderation.report(request);
      setReceived(true);
    } catch (error) {
      form.refused(error);
    }
  });

  return (
    <Dialog
      open={open}
      title={t('report.title', { kind })}
      onClose={onClose}
      actions={
        received ? (
          <button ref={close} type="button" className="button" onClick={onClose}>
            {t('report.close')}
          </button>
        ) : (
          <>
            <button type="submit" form={formId} className="button" disabled={form.busy}>
              {form.busy ? t('report.sending') : t('report.send')}
            </button>
            <button
              type="button"
              className="button button-secondary"
              disabled={form.busy}
              onClick={onClose}
            >
              {t('report.cancel')}
            </button>
          </>
        )
      }
    >
      <div className="report-said" role="status">
        {received && (
          <>
            <p>{t('report.received')}</p>
            <p>
              {richMessage(t, 'report.outcome', {
                link: (
                  <LocalizedLink to="/moderation/reports">{t('report.myReports')}</LocalizedLink>
                ),
              })}
            </p>
          </>
        )}
      </div>
      {!received && (
        <form id={formId} className="form report-form" noValidate onSubmit={send}>
          <p className="muted">{t('report.intro')}</p>
          <FormError message={form.formError} />
          <RadioGroup<ModerationReason>
            legend={t('report.reason.legend')}
            name={`${formId}-reason`}
            options={MODERATION_REASONS.map((value) => ({
              value,
              label: t(`report.reason.${value}`),
            }))}
            value={reason.field.value}
            onChange={reason.field.onChange}
            ref={reason.field.ref}
            required
            error={form.errorOf('reason')}
          />
          <TextAreaField
            label={t('report.words.label')}
            rows={4}
            {...form.register('words')}
            error={form.errorOf('words')}
            hint={
              <>
                {t('report.words.hint')}{' '}
                <CharacterCount length={lengthOf(words)} max={REPORT_WORDS_MAX} />
              </>
            }
          />
        </form>
      )}
    </Dialog>
  );
}
