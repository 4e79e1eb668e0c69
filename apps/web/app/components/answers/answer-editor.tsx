import { sameAnswers, type AnswerData } from '@mepedia/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import type { Resolver } from 'react-hook-form';
import { FormError, TextAreaField } from '../field';
import { useToasts } from '../toasts';
import { useContractForm } from '../../lib/contract-form';
import { describeApiError } from '../../lib/forms';
import { useI18n } from '../../lib/i18n';
import { answerData, answerValues, type AnswerValues } from './answer-form';
import {
  autosaveAnnouncement,
  isStaleError,
  type AutosaveAnnouncement,
  type AutosaveStatus,
} from './autosave';
import { useAutosave } from './use-autosave';

/** An answer as the server gives it back: both versions, and the version to save on. */
export type EditableAnswer = {
  draft: AnswerData;
  live: AnswerData | null;
  version: number;
  updatedAt: string;
};

export type EditorTools<T extends EditableAnswer> = {
  data: AnswerData;
  live: AnswerData | null;
  busy: boolean;
  /** Save what is on screen as the live answer (as the Save button does): the answer, or null. */
  saveLive: () => Promise<T | null>;
};

type Props<T extends EditableAnswer> = {
  /** Ids start with it: one editor per page. */
  idPrefix: string;
  subQuestions: ReadonlyArray<{ id: string; label: string }>;
  /** The answer's rules: its save call's contract (answer-form.ts), checked on Save. */
  resolver: Resolver<AnswerValues, unknown, AnswerData>;
  initial: T | null;
  storageKey: string;
  saveDraft: (data: AnswerData, version: number) => Promise<T>;
  saveLive: (data: AnswerData, version: number) => Promise<T>;
  revert: (version: number) => Promise<T>;
  /** The server's answer now (after ANSWER_STALE), or null when there is none. */
  loadLatest: () => Promise<T | null>;
  /** Every answer the server gives back, for the page around (progress, the magazine). */
  onAnswer?: (answer: T) => void;
  /** Inside the form, after the fields (privacy). */
  beforeActions?: ReactNode;
  /** After the form (the magazine). */
  after?: (tools: EditorTools<T>) => ReactNode;
};

const STATUS_KEYS = {
  idle: null,
  pending: 'editMe.status.pending',
  saving: 'editMe.status.saving',
  saved: 'editMe.status.saved',
  offline: 'editMe.status.offline',
  error: 'editMe.status.error',
  stale: null,
} as const satisfies Record<AutosaveStatus, string | null>;

/**
 * The draft / live editor of one question: a field per sub-question, the draft saved as the
 * member types (useAutosave), Save and Revert on the server's versions, and the choice to make
 * when another window saved a newer draft. The fields are a react-hook-form form over the save
 * call's contract (`resolver`): Save sends only what the service would take, and a field's error
 * goes as soon as it is valid. The autosave keeps every keystroke (on the device, then on the
 * server) whatever the rules say; what it puts back (a revert, text restored, another window's)
 * is set into the form.
 */
export function AnswerEditor<T extends EditableAnswer>(props: Props<T>) {
  const { t, locale } = useI18n();
  const toasts = useToasts();
  const [live, setLive] = useState<AnswerData | null>(props.initial?.live ?? null);
  const [busy, setBusy] = useState<'save' | 'revert' | 'stale' | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const received = (answer: T) => {
    setLive(answer.live);
    props.onAnswer?.(answer);
    return { draft: answer.draft, version: answer.version };
  };
  const { controller, state } = useAutosave({
    initial: { draft: props.initial?.draft ?? {}, version: props.initial?.version ?? 0 },
    serverUpdatedAt: props.initial?.updatedAt ?? null,
    storageKey: props.storageKey,
    save: async (data, version) => received(await props.saveDraft(data, version)),
    loadLatest: async () => {
      const latest = await props.loadLatest();
      return latest ? { draft: latest.draft, version: latest.version } : null;
    },
  });

  const subIds = props.subQuestions.map((sub) => sub.id);
  // The texts the page opens with: drawn on the server in the fields, and the form's start.
  const [start] = useState(() => answerValues(subIds, state.data));
  const form = useContractForm(props.resolver, { defaultValues: start });
  const { watch, getValues, setValue } = form;
  // What the member types goes to the autosave (kept on the device at once, sent after a pause).
  useEffect(() => {
    const typing = watch((values, { type }) => {
      if (type === 'change') controller.edit(answerData(subIds, values));
    });
    return () => typing.unsubscribe();
    // The sub-questions are the question's: one editor per question (keyed by the page).
  }, [watch, controller]);
  // What the autosave puts in place of the typing (a revert, text restored from the device,
  // another window's draft) is what the fields show; checked again once a Save showed errors.
  useEffect(() => {
    const shown = answerData(subIds, getValues());
    if (sameAnswers(state.data, shown)) return;
    subIds.forEach((id, position) => {
      if ((state.data[id] ?? '') !== (shown[id] ?? ''))
        setValue(`answers.${position}`, state.data[id] ?? '', {
          shouldValidate: form.formState.submitCount > 0,
        });
    });
  }, [state.data, getValues, setValue]);

  const problem = (
    key: 'editMe.error.saveDraft' | 'editMe.error.saveLive' | 'editMe.error.load',
    error: unknown,
  ) => `${t(key)}: ${describeApiError(error, locale).message}`;

  const saveLive = async (): Promise<T | null> => {
    setBusy('save');
    setFormError(null);
    let saved: T | null = null;
    try {
      await controller.run(async (data, version) => {
        saved = await props.saveLive(data, version);
        return received(saved);
      }, false);
      return saved;
    } catch (error) {
      if (!isStaleError(error)) setFormError(problem('editMe.error.saveLive', error));
      return null;
    } finally {
      setBusy(null);
    }
  };

  // Save: the contract's check first (the fields' errors), then the live answer.
  const onSubmit = form.onSubmit(async () => {
    if (await saveLive()) toasts.success(t('editMe.saved'));
  });

  const onRevert = async () => {
    setBusy('revert');
    setFormError(null);
    try {
      await controller.run(async (_data, version) => received(await props.revert(version)), true);
      toasts.success(t('editMe.reverted'));
    } catch (error) {
      if (!isStaleError(error)) setFormError(problem('editMe.error.saveLive', error));
    } finally {
      setBusy(null);
    }
  };

  const resolveStale = async (choice: 'theirs' | 'mine') => {
    setBusy('stale');
    setFormError(null);
    try {
      const latest = await props.loadLatest();
      const theirs = latest ? received(latest) : { draft: {}, version: state.version };
      if (choice === 'theirs') {
        controller.takeTheirs(theirs);
        toasts.success(t('editMe.stale.loaded'));
      } else {
        await controller.keepMine(theirs);
      }
    } catch (error) {
      setFormError(problem('editMe.error.load', error));
    } finally {
      setBusy(null);
    }
  };

  const draftError =
    state.status === 'error' || state.status === 'offline'
      ? problem('editMe.error.saveDraft', state.error)
      : null;
  const statusKey = STATUS_KEYS[state.status];
  // The live region keeps its words until the state changes (autosaveAnnouncement).
  const announcement = autosaveAnnouncement(state);
  const [announced, setAnnounced] = useState<AutosaveAnnouncement | null>(null);
  useEffect(() => {
    if (announcement) setAnnounced(announcement);
  }, [announcement]);
  const changed = live !== null && !sameAnswers(state.data, live);
  const sending = busy !== null;

  return (
    <>
      <form
        className="form answer-form"
        onSubmit={onSubmit}
        noValidate
        aria-describedby={`${props.idPrefix}-live`}
      >
        <FormError message={formError ?? draftError} />
        {state.status === 'stale' && (
          <div className="answer-stale" role="alert">
            <h2 className="answer-stale-title">{t('editMe.stale.title')}</h2>
            <p>{t('editMe.stale.text')}</p>
            <p className="actions">
              <button
                type="button"
                className="button"
                disabled={sending}
                onClick={() => void resolveStale('theirs')}
              >
                {t('editMe.stale.loadTheirs')}
              </button>
              <button
                type="button"
                className="button button-secondary"
                disabled={sending}
                onClick={() => void resolveStale('mine')}
              >
                {t('editMe.stale.keepMine')}
              </button>
            </p>
          </div>
        )}
        {props.subQuestions.map((sub, position) => (
          <TextAreaField
            key={sub.id}
            id={`${props.idPrefix}-${position + 1}`}
            label={sub.label}
            rows={6}
            defaultValue={start.answers[position]}
            {...form.register(`answers.${position}`)}
            error={form.errorOf(`answers.${position}`)}
          />
        ))}
        <div className="answer-status-row">
          {/* Seen as it goes; heard only when it changes state (the region below). */}
          <p className="answer-status">
            {state.restored && (state.status === 'pending' || state.status === 'saving')
              ? t('editMe.status.restored')
              : statusKey && t(statusKey)}
          </p>
          <p className="visually-hidden" role="status">
            {announced && t(`editMe.status.${announced}`)}
          </p>
        </div>
        <p className="muted answer-live" id={`${props.idPrefix}-live`}>
          {live === null
            ? t('editMe.live.never')
            : changed
              ? t('editMe.live.changed')
              : t('editMe.live.same')}
        </p>
        {props.beforeActions}
        <div className="actions">
          <button type="submit" className="button" disabled={sending} aria-busy={busy === 'save'}>
            {busy === 'save' ? t('form.sending') : t('editMe.save')}
          </button>
          {changed && (
            <button
              type="button"
              className="button button-secondary"
              disabled={sending}
              aria-busy={busy === 'revert'}
              onClick={() => void onRevert()}
            >
              {t('editMe.revert')}
            </button>
          )}
        </div>
      </form>
      {props.after?.({ data: state.data, live, busy: sending, saveLive })}
    </>
  );
}
