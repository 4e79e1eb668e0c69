import { registerMessages, reportMessages } from '@mepedia/web-i18n';
import { useI18n } from '../../lib/i18n';
import '../../styles/report.css';

registerMessages(reportMessages);

/** Text as the moderation service counts it: trimmed, in code points (an emoji is one). */
export const lengthOf = (text: string | undefined) => [...(text ?? '').trim()].length;

/** "12 of 1,000 characters", or how many too many, as the member types (in a field's hint). */
export function CharacterCount({ length, max }: { length: number; max: number }) {
  const { t } = useI18n();
  const over = length - max;
  return (
    <span className={over > 0 ? 'char-count char-count-over' : 'char-count'}>
      {over > 0
        ? t('report.over', { count: over, max })
        : t('report.count', { count: length, max })}
    </span>
  );
}
