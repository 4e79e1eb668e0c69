import type { PrivateQuestion } from '@mepedia/contracts';
import { privateQuestionMutations, privateQuestionQueries } from '@mepedia/web-api/queries';
import { localizePath } from '@mepedia/web-i18n';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useApi } from '../../lib/api';
import { describeApiError } from '../../lib/forms';
import { useI18n } from '../../lib/i18n';
import { richMessage } from '../../lib/rich-message';
import { textLang } from '../../lib/text-lang';
import { FormError } from '../field';
import { Icon } from '../icon';
import { useToasts } from '../toasts';
import { Dialog } from '../ui/dialog';

/** Deleting a private question, after a confirmation that says its answer goes with it. */
export function DeleteQuestion({
  question,
  memberId,
}: {
  question: PrivateQuestion;
  memberId: string | null;
}) {
  const { t, locale } = useI18n();
  const api = useApi();
  const navigate = useNavigate();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Deleted: the questions after it are renumbered, so the cache forgets every read of the
  // member's questions and answers; the page leaves for the profile.
  const deleting = useMutation({
    mutationKey: privateQuestionMutations.remove,
    networkMode: 'always',
    mutationFn: () => api.privateQuestions.deleteQuestionByIndex(question.questionIndex),
    onSuccess: () => {
      if (memberId)
        queryClient.removeQueries({ queryKey: privateQuestionQueries.member(memberId) });
    },
  });
  // Busy from the click until the page has left (a success) or the error shows.
  const busy = deleting.isPending || deleting.isSuccess;

  const remove = () => {
    setError(null);
    deleting.mutate(undefined, {
      onSuccess: () => {
        toasts.success(t('privateQuestions.delete.done'));
        setOpen(false);
        void navigate(localizePath(memberId ? `/profile/${memberId}` : '/', locale));
      },
      onError: (failure) => setError(describeApiError(failure, locale).message),
    });
  };

  return (
    <div className="pq-delete">
      <button
        type="button"
        className="button button-ghost pq-delete-open"
        onClick={() => setOpen(true)}
      >
        <Icon icon={Trash2} />
        {t('privateQuestions.delete.open')}
      </button>
      <Dialog
        open={open}
        title={t('privateQuestions.delete.title')}
        onClose={() => {
          if (!busy) setOpen(false);
        }}
        actions={
          <>
            <button
              type="button"
              className="button button-secondary"
              disabled={busy}
              onClick={() => setOpen(false)}
            >
              {t('privateQuestions.delete.cancel')}
            </button>
            <button
              type="button"
              className="button button-danger"
              disabled={busy}
              aria-busy={busy || undefined}
              onClick={remove}
            >
              {busy ? t('privateQuestions.delete.deleting') : t('privateQuestions.delete.confirm')}
            </button>
          </>
        }
      >
        <FormError message={error} />
        <p>
          {richMessage(t, 'privateQuestions.delete.text', {
            title: (
              <bdi dir="auto" lang={textLang(question.questionTitle)}>
                {question.questionTitle}
              </bdi>
            ),
          })}
        </p>
      </Dialog>
    </div>
  );
}
