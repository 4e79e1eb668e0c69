import {
  PRIVATE_QUESTION_TITLE_MIN,
  PRIVATE_SUB_QUESTION_TITLE_MIN,
  PRIVATE_SUB_QUESTIONS_MAX,
  type FieldIssue,
  type PrivateQuestion,
} from '@mepedia/contracts';
import { ApiError } from '@mepedia/web-api';
import { localizePath } from '@mepedia/web-i18n';
import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useReducer, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useApi } from '../../lib/api';
import { describeApiError } from '../../lib/forms';
import { useI18n } from '../../lib/i18n';
import { richMessage } from '../../lib/rich-message';
import { Field, FormError, TextAreaField } from '../field';
import { Icon } from '../icon';
import { LocalizedLink } from '../localized-link';
import { useToasts } from '../toasts';
import { Dialog } from '../ui/dialog';
import { canAdd, canRemove, initialRows, removedPlaces, rowsMoved, rowsReducer } from './rows';
import { isQuestionField, issueMessage, questionIssues, type QuestionIssue } from './validation';
import { useFocusFirstError } from '../../lib/focus-first-error';

/** Field errors by what they sit on: 'questionTitle', or a sub-question row's key. */
type Errors = Record<string, string>;

/**
 * The private question's form: a topic and one to eight sub-questions. New (`saved` null) it
 * creates the question; with a saved question it edits it, and asks before a save that would
 * delete answers (the server matches sub-questions by place and drops the places past the end).
 */
export function QuestionForm({ saved }: { saved: PrivateQuestion | null }) {
  const { t, locale } = useI18n();
  const api = useApi();
  const navigate = useNavigate();
  const toasts = useToasts();
  const baseId = useId();
  const { formRef, focusFirstError } = useFocusFirstError();
  const [title, setTitle] = useState(saved?.questionTitle ?? '');
  const [state, dispatch] = useReducer(
    rowsReducer,
    saved?.subQuestions.map((sub) => sub.title) ?? [],
    initialRows,
  );
  // The saved rows' keys, in their places: what the server will match the new rows against.
  const [savedKeys] = useState(() =>
    saved ? initialRows(saved.subQuestions.map((sub) => sub.title)).rows.map((row) => row.key) : [],
  );
  const savedCount = savedKeys.length;
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const rowId = (key: string) => `${baseId}-${key}`;

  // After an add or a remove, focus goes to the new row, or to the row that took the removed one's place.
  useEffect(() => {
    if (!state.event || !state.focusKey) return;
    document.getElementById(`${baseId}-${state.focusKey}`)?.focus();
  }, [state.event, state.focusKey, baseId]);

  /** Shows field errors and focuses the first of them once they are drawn. */
  const showErrors = (found: Errors, message: string | null) => {
    setErrors(found);
    setFormError(message);
    focusFirstError();
  };

  const errorsOf = (issues: QuestionIssue[]): Errors => {
    const found: Errors = {};
    for (const issue of issues) {
      const key =
        issue.field === 'questionTitle'
          ? issue.field
          : state.rows[Number(issue.field.slice('subQuestions.'.length))]?.key;
      if (key) found[key] ??= issueMessage(issue, t, locale);
    }
    return found;
  };

  const send = async () => {
    setFormError(null);
    setBusy(true);
    const body = { questionTitle: title, subQuestions: state.rows.map((row) => row.text) };
    try {
      const question = saved
        ? await api.privateQuestions.updatePrivateQuestion({
            questionId: saved.questionId,
            ...body,
          })
        : await api.privateQuestions.insertNewPrivateQuestion(body);
      toasts.success(t(saved ? 'privateQuestions.update.done' : 'privateQuestions.create.done'));
      void navigate(localizePath(`/profile/edit-me-private/${question.questionIndex}`, locale));
    } catch (error) {
      setBusy(false);
      const described = describeApiError(error, locale);
      // The server's field codes, worded as the form words its own (with the limits).
      const details =
        error instanceof ApiError && Array.isArray(error.envelope.details)
          ? (error.envelope.details as FieldIssue[])
          : [];
      const issues = details.flatMap((detail): QuestionIssue[] =>
        isQuestionField(detail.field) ? [{ field: detail.field, code: detail.code }] : [],
      );
      const tooMany = details.some(
        (detail) => detail.field === 'subQuestions' && detail.code === 'INVALID_VALUE',
      );
      showErrors(
        errorsOf(issues),
        tooMany
          ? t('privateQuestions.error.tooMany', { count: PRIVATE_SUB_QUESTIONS_MAX })
          : described.message,
      );
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const issues = questionIssues(
      title,
      state.rows.map((row) => row.text),
    );
    if (issues.length > 0) {
      showErrors(errorsOf(issues), t('privateQuestions.form.fixErrors'));
      return;
    }
    setErrors({});
    if (saved && removedPlaces(savedCount, state.rows.length)) {
      setConfirming(true);
      return;
    }
    void send();
  };

  const clearError = (key: string) => {
    if (!errors[key]) return;
    const { [key]: _cleared, ...rest } = errors;
    setErrors(rest);
  };

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
    <form ref={formRef} className="form pq-form" onSubmit={submit} noValidate>
      <FormError message={formError} />
      <Field
        id={`${baseId}-title`}
        label={t('privateQuestions.topic.label')}
        name="questionTitle"
        dir="auto"
        autoComplete="off"
        required
        value={title}
        onChange={(change) => {
          setTitle(change.target.value);
          clearError('questionTitle');
        }}
        error={errors['questionTitle']}
        hint={t('privateQuestions.topic.hint', { count: PRIVATE_QUESTION_TITLE_MIN })}
      />
      <fieldset className="pq-subquestions" aria-describedby={`${baseId}-count`}>
        <legend>{t('privateQuestions.subQuestions.legend')}</legend>
        <p className="hint pq-hint">
          {t('privateQuestions.subQuestions.hint', { count: PRIVATE_SUB_QUESTION_TITLE_MIN })}
        </p>
        <ol className="pq-rows">
          {state.rows.map((row, index) => (
            <li key={row.key} className="pq-row">
              <TextAreaField
                id={rowId(row.key)}
                label={t('privateQuestions.subQuestion.label', { n: index + 1 })}
                name={`subQuestions.${index}`}
                rows={2}
                required
                value={row.text}
                onChange={(change) => {
                  dispatch({ type: 'edit', key: row.key, text: change.target.value });
                  clearError(row.key);
                }}
                error={errors[row.key]}
              />
              {removable && (
                <button
                  type="button"
                  className="icon-button pq-remove"
                  aria-label={t('privateQuestions.subQuestion.remove', { n: index + 1 })}
                  onClick={() => dispatch({ type: 'remove', key: row.key })}
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
            onClick={() => dispatch({ type: 'add' })}
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
                  void send();
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
