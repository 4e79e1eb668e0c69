import type { OwnMeAnswer, ProfileQuestion } from '@mepedia/contracts';
import { Check, Lock, Newspaper, PenLine, Circle } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Icon } from '../icon';
import { LocalizedLink } from '../localized-link';
import { useI18n } from '../../lib/i18n';
import { richMessage } from '../../lib/rich-message';
import { questionState, type QuestionState } from './questionnaire';

const STATE_LABEL = {
  published: 'editMe.progress.published',
  answered: 'editMe.progress.answered',
  draft: 'editMe.progress.draft',
  open: 'editMe.progress.open',
  locked: 'editMe.progress.locked',
} as const satisfies Record<QuestionState, string>;

const STATE_ICON: Record<QuestionState, LucideIcon> = {
  published: Newspaper,
  answered: Check,
  draft: PenLine,
  open: Circle,
  locked: Lock,
};

/** The ten questions, what each holds, and a link to every one the member may open. */
export function QuestionnaireProgress({
  questions,
  answers,
  next,
  current,
}: {
  questions: readonly ProfileQuestion[];
  answers: readonly OwnMeAnswer[];
  next: number | null;
  current: number;
}) {
  const { t, locale } = useI18n();
  const states = questions.map((question) =>
    questionState(
      question,
      answers.find((answer) => answer.questionId === question.questionId),
      next,
    ),
  );
  const answered = states.filter((state) => state === 'answered' || state === 'published').length;
  return (
    <nav className="answer-progress" aria-labelledby="answer-progress-title">
      <h2 id="answer-progress-title" className="answer-progress-title">
        {t('editMe.progress.label')}
      </h2>
      <p className="muted answer-progress-summary">
        {richMessage(t, 'editMe.progress.summary', {
          answered: <bdi>{answered}</bdi>,
          total: <bdi>{questions.length}</bdi>,
        })}
      </p>
      <ol className="answer-steps">
        {questions.map((question, position) => {
          const state = states[position] ?? 'locked';
          const content = (
            <>
              <span className="answer-step-mark" data-state={state}>
                <Icon icon={STATE_ICON[state]} size={16} />
              </span>
              <span className="answer-step-text">
                <span className="answer-step-title">
                  <bdi>{question.index}</bdi>. {question.title[locale]}
                </span>
                <span className="answer-step-state">{t(STATE_LABEL[state])}</span>
              </span>
            </>
          );
          return (
            <li key={question.questionId} className="answer-step" data-state={state}>
              {state === 'locked' ? (
                <span className="answer-step-body">{content}</span>
              ) : (
                <LocalizedLink
                  className="answer-step-body"
                  to={`/profile/edit-me/${question.index}`}
                  aria-current={question.index === current ? 'step' : undefined}
                >
                  {content}
                </LocalizedLink>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
