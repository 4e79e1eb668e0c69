import type { ProfileQuestion, PublicMeAnswer } from '@mepedia/contracts';
import { useI18n } from '../lib/i18n';
import { textLang } from '../lib/text-lang';

/** One part of an interview: a heading over the member's text. */
export type InterviewPart = { key: string; heading: string; text: string };

/**
 * Parts of an interview as they read: each answered one under its heading, the member's text
 * paragraph by paragraph, each paragraph (and a member's own heading) in its own direction.
 * `level` is the headings' level in the page.
 */
export function InterviewParts({ parts, level }: { parts: InterviewPart[]; level: 2 | 3 }) {
  const Heading = `h${level}` as const;
  return (
    <>
      {parts.map((part) => {
        const text = part.text.trim();
        if (!text) return null;
        return (
          <section key={part.key} className="interview-part">
            <Heading dir="auto" lang={textLang(part.heading)}>
              {part.heading}
            </Heading>
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

/** A live answer to the questionnaire: its sub-questions (in the interface's language) as headings. */
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
  return (
    <InterviewParts
      level={level}
      parts={(question?.subQuestions ?? []).map((sub) => ({
        key: sub.subQuestionId,
        heading: sub.text[locale],
        text: answer.answerData[sub.subQuestionId] ?? '',
      }))}
    />
  );
}

/** Whether an answer has any text to read. */
export const hasAnswerText = (answer: Pick<PublicMeAnswer, 'answerData'>) =>
  Object.values(answer.answerData).some((text) => text.trim() !== '');
