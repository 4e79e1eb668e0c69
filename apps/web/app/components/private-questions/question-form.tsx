import {
  PRIVATE_QUESTION_TITLE_MIN,
  PRIVATE_SUB_QUESTION_TITLE_MIN,
  PRIVATE_SUB_QUESTIONS_MAX,
  type FieldIssue,
  type InsertPrivateQuestionRequest,
  type PrivateQuestion,
} from '@mepedia/contracts';
import { ApiError } from '@mepedia/web-api';
import { privateQuestionMutations, privateQuestionQueries } from '@mepedia/web-api/queries';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { localizePath } from '@mepedia/web-i18n';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useApi } from '../../lib/api';
import { useContractForm } from '../../lib/contract-form';
import { describeApiError } from '../../lib/forms';
import { useI18n } from '../../lib/i18n';
import { richMessage } from '../../lib/rich-message';
import { Field, FormError, TextAreaField } from '../field';
import { Icon } from '../icon';
import { LocalizedLink } from '../localized-link';
import { useToasts } from '../toasts';
import { Dialog } from '../ui/dialog';
import {
  canAdd,
  canRemove,
  initialRows,
  removedPlaces,
  rowsMoved,
  rowsReducer,
  type RowsAction,
  type RowsState,
} from './rows';
import {
  formField,
  isQuestionField,
  issueMessage,
  questionResolver,
  type QuestionField,
} from './validation';

/**
 * The private question's form: a topic and one to eight sub-questions. New (`saved` null) it
 * creates the question; with a saved question it edits it, and asks before a save that would
 * delete answers (the server matches sub-questions by place and drops the places past the end).
 */
export function QuestionForm({
  saved,
  memberId,
}: {
  saved: PrivateQuestion | null;
  memberId: string;
}) {
  const { t, locale } = useI18n();
  const api = useApi();
  const queryClient = useQueryClient();
  // A question made or changed: every read of the member's questions and answers is old (the
  // server matches answers by place), so the cache forgets them and the next page reads afresh.
  const saving = useMutation({
    mutationKey: privateQuestionMutations.save,
    networkMode: 'always',
    mutationFn: (body: InsertPrivateQuestionRequest) =>
      saved
        ? api.privateQuestions.updatePrivateQuestion({ questionId: saved.questionId, ...body })
        : api.privateQuestions.insertNewPrivateQuestion(body),
    onSuccess: () =>
      queryClient.removeQueries({ queryKey: privateQuestionQueries.member(memberId) }),
  });
  const navigate = useNavigate();
  const toasts = useToasts();
  const baseId = useId();
  // The rows' texts live in the form; which rows there are, focus and announcements follow the
  // rows model (rows.ts), one step at a time.
  const [start] = useState(() => initialRows(saved?.subQuestions.map((sub) => sub.title) ?? []));
  const [steps, setSteps] = useState<Omit<RowsState, 'rows'>>(() => ({
    made: start.made,
    focusKey: null,
    event: null,
  }));
  // The saved rows' keys, in their places: what the server will match the new rows against.
  const savedKeys = saved ? start.rows.map((row) => row.key) : [];
  const savedCount = savedKeys.length;
  const [confirming, setConfirming] = useState(false);
  // A save that drops places, confirmed in the dialog: the next submit sends.
  const confirmed = useRef(false);
  // Saved: the answer page is on its way, the button stays busy.
  const [leaving, setLeaving] = useState(false);
  const form = useContractForm(questionResolver, {
    defaultValues: { subQuestions: start.rows },
    fixErrors: t('privateQuestions.form.fixErrors'),
    words: (code, field) =>
      issueMessage(
        { field: field === 'questionTitle' ? field : 'subQuestions.0', code },
        t,
        locale,
      ),
  });
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'subQuestions' });
  const state: RowsState = { ...steps, rows: fields };
  const busy = form.busy || leaving;

  const rowId = (key: string) => `${baseId}-${key}`;

  // After an add or a remove, focus goes to the new row, or to the row that took the removed one's place.
  useEffect(() => {
    if (!steps.event || !steps.focusKey) return;
    document.getElementById(`${baseId}-${steps.focusKey}`)?.focus();
  }, [steps.event, steps.focusKey, baseId]);

  /** One step of the rows model, applied to the form's rows. */
  const step = (action: RowsAction) => {
    const current: RowsState = { ...steps, rows: form.getValues('subQuestions') };
    const next = rowsReducer(current, action);
    if (next === current) return;
    if (action.type === 'add') append(next.rows[next.rows.length - 1]!, { shouldFocus: false });
    else remove(current.rows.findIndex((row) => row.key === action.key));
    setSteps({ made: next.made, focusKey: next.focusKey, event: next.event });
  };

  const send = async (body: InsertPrivateQuestionRequest) => {
    try {
      const question = await saving.mutateAsync(body);
      setLeaving(true);
      toasts.success(t(saved ? 'privateQuestions.update.done' : 'privateQuestions.create.done'));
      void navigate(localizePath(`/profile/edit-me-private/${question.questionIndex}`, locale));
    } catch (error) {
      // The server's field codes, worded as the form words its own (with the limits).
      const details =
        error instanceof ApiError && Array.isArray(error.envelope.details)
          ? (error.envelope.details as FieldIssue[])
          : [];
      const fieldIssues = details.filter(
        (
          detail,
        ): detail is FieldIssue & {
          field: QuestionField;
        } => isQuestionField(detail.field),
      );
      fieldIssues.forEach((issue, index) =>
        form.setError(
          formField(issue.field),
          { type: 'server', message: issueMessage(issue, t, locale) },
          { shouldFocus: index === 0 },
        ),
      );
      const tooMany = details.some(
        (detail) => detail.field === 'subQuestions' && detail.code === 'INVALID_VALUE',
      );
      form.setFormError(
        tooMany
          ? t('privateQuestions.error.tooMany', { count: PRIVATE_SUB_QUESTIONS_MAX })
          : describeApiError(error, locale).message,
      );
    }
  };

  const onValid = async (body: InsertPrivateQuestionRequest) => {
    if (saved && removedPlaces(savedCount, body.subQuestions.length) && !confirmed.current) {
      setConfirming(true);
      return;
    }
    confirmed.current = false;
    await send(body);
  };
  const submit = form.onSubmit(onValid);

  const removal = removedPlaces(savedCount, state.rows.length);
  const full = !canAdd(state);
  const removable = canRemove(state);
  const limitId = `${baseId}-limit`;
  const event = state.event;
  const announcement = event
    ? richMessage(
        t,
        event.kind === 'added'
          ? 'privateQuestions.subQuestion.added'
          : event.kind === 'removed'
            ? 'privateQuestions.subQuestion.removed'
            : 'privateQuestions.subQuestion.removedLast',
        { n: <bdi>{event.position}</bdi> },
      )
    : null;

  return (
    <form className="form pq-form" onSubmit={submit} noValidate>
      <FormError message={form.formError} />
      <Field
        id={`${baseId}-title`}
        label={t('privateQuestions.topic.label')}
        dir="auto"
        autoComplete="off"
        required
        defaultValue={saved?.questionTitle ?? ''}
        {...form.register('questionTitle')}
        error={form.errorOf('questionTitle')}
        hint={t('privateQuestions.topic.hint', { count: PRIVATE_QUESTION_TITLE_MIN })}
      />
      <fieldset className="pq-subquestions" aria-describedby={`${baseId}-count`}>
        <legend>{t('privateQuestions.subQuestions.legend')}</legend>
        <p className="hint pq-hint">
          {t('privateQuestions.subQuestions.hint', { count: PRIVATE_SUB_QUESTION_TITLE_MIN })}
        </p>
        <ol className="pq-rows">
          {fields.map((row, index) => (
            <li key={row.id} className="pq-row">
              <TextAreaField
                id={rowId(row.key)}
                label={t('privateQuestions.subQuestion.label', { n: index + 1 })}
                rows={2}
                required
                defaultValue={row.text}
                {...form.register(`subQuestions.${index}.text`)}
                error={form.errorOf(`subQuestions.${index}.text`)}
              />
              {removable && (
                <button
                  type="button"
                  className="icon-button pq-remove"
                  aria-label={t('privateQuestions.subQuestion.remove', { n: index + 1 })}
                  onClick={() => step({ type: 'remove', key: row.key })}
                >
                  <Icon icon={Trash2} />
                </button>
              )}
            </li>
          ))}
        </ol>
        <p className="pq-count muted" id={`${baseId}-count`}>
          {richMessage(t, 'privateQuestions.subQuestions.count', {
            count: state.rows.length,
            n: <bdi>{state.rows.length}</bdi>,
            max: <bdi>{PRIVATE_SUB_QUESTIONS_MAX}</bdi>,
          })}
        </p>
        <div className="pq-add">
          <button
            type="button"
            className="button button-secondary"
            disabled={full}
            aria-describedby={full ? limitId : undefined}
            onClick={() => step({ type: 'add' })}
          >
            <Icon icon={Plus} />
            {t('privateQuestions.subQuestion.add')}
          </button>
          {full && (
            <p className="pq-limit" id={limitId}>
              {richMessage(t, 'privateQuestions.subQuestion.limit', {
                count: PRIVATE_SUB_QUESTIONS_MAX,
                n: <bdi>{PRIVATE_SUB_QUESTIONS_MAX}</bdi>,
              })}
            </p>
          )}
        </div>
        {/* Adds and removes, said aloud: the limit too, when an add reaches it. */}
        <p className="visually-hidden" role="status">
          {announcement}
          {announcement && full ? ' ' : null}
          {announcement && full
            ? richMessage(t, 'privateQuestions.subQuestion.limit', {
                count: PRIVATE_SUB_QUESTIONS_MAX,
                n: <bdi>{PRIVATE_SUB_QUESTIONS_MAX}</bdi>,
              })
            : null}
        </p>
      </fieldset>
      <div className="actions">
        <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
          {busy
            ? t('privateQuestions.form.sending')
            : t(saved ? 'privateQuestions.update.submit' : 'privateQuestions.create.submit')}
        </button>
        {saved && (
          <LocalizedLink
            className="button button-ghost"
            to={`/profile/edit-me-private/${saved.questionIndex}`}
          >
            {t('privateQuestions.update.answer')}
          </LocalizedLink>
        )}
      </div>
      {saved && removal && (
        <Dialog
          open={confirming}
          title={t('privateQuestions.removal.title')}
          onClose={() => setConfirming(false)}
          actions={
            <>
              <button
                type="button"
                className="button button-secondary"
                onClick={() => setConfirming(false)}
              >
                {t('privateQuestions.removal.cancel')}
              </button>
              <button
                type="button"
                className="button button-danger"
                onClick={() => {
                  setConfirming(false);
                  confirmed.current = true;
                  submit();
                }}
              >
                {t('privateQuestions.removal.confirm')}
              </button>
            </>
          }
        >
          <p>
            {richMessage(t, 'privateQuestions.removal.text', {
              count: removal.count,
              from: <bdi>{removal.from}</bdi>,
              to: <bdi>{removal.to}</bdi>,
            })}
          </p>
          {rowsMoved(savedKeys, state.rows) && <p>{t('privateQuestions.removal.moved')}</p>}
        </Dialog>
      )}
    </form>
  );
}
