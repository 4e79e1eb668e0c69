import type { ProfileQuestion, PublicMeAnswer } from '@mepedia/contracts';
import { useI18n } from '../lib/i18n';
import { textLang } from '../lib/text-lang';

/**
 * A live answer as it reads: each answered sub-question as a heading (in the interface's
 * language) over the member's text, paragraph by paragraph, each in its own direction.
 * `level` is the headings' level in the page.
 */
export function InterviewAnswer({
  answer,
  question,
  level,
}: {
  answer: Pick<PublicMeAnswer, 'answerData'>;
  question: Pick<ProfileQuestion, 'subQuestions'> | undefined;
  level: 2 | 3;
}) {
  const { locale } = useI18n();
  const Heading = `h${level}` as const;
  return (
    <>
      {(question?.subQuestions ?? []).map((sub) => {
        const text = answer.answerData[sub.subQuestionId]?.trim();
        if (!text) return null;
        return (
          <section key={sub.subQuestionId} className="interview-part">
            <Heading>{sub.text[locale]}</Heading>
            {text.split(/\n{2,}/).map((paragraph, index) => (
              <p key={index} dir="auto" lang={textLang(paragraph)}>
                {paragraph}
              </p>
            ))}
          </section>
        );
      })}
    </>
  );
}

/** Whether an answer has any text to read. */
export const hasAnswerText = (answer: Pick<PublicMeAnswer, 'answerData'>) =>
  Object.values(answer.answerData).some((text) => text.trim() !== '');
