import type { Audience } from '@mepedia/contracts';
import { audienceMessages, registerMessages, type MessageKey } from '@mepedia/web-i18n';
import type { ReactNode } from 'react';
import { useI18n } from '../../lib/i18n';
import { richMessage } from '../../lib/rich-message';
import { LocalizedLink } from '../localized-link';
import { RadioGroup } from '../ui/radio-group';

// The picker's strings load with the pages that offer the choice, not with every page.
registerMessages(audienceMessages);

/**
 * The audiences as the picker offers them, narrowest first, as the contracts order them
 * (`AUDIENCES`): who may read grows down the list. Listed here rather than imported, so the
 * picker brings no schema with it (the contracts' module builds one).
 */
export const PICKER_AUDIENCES = [
  'private',
  'circle',
  'members',
  'public',
] as const satisfies readonly Audience[];

const LABELS: Record<Audience, MessageKey> = {
  private: 'audiencePicker.private',
  circle: 'audiencePicker.circle',
  members: 'audiencePicker.members',
  public: 'audiencePicker.public',
};

const ABOUT: Record<Exclude<Audience, 'circle'>, MessageKey> = {
  private: 'audiencePicker.private.about',
  members: 'audiencePicker.members.about',
  public: 'audiencePicker.public.about',
};

/**
 * Who may read a post or an answer (issue 34): the four audiences as radio buttons, each with a
 * line that says who that is ("My circle" links to the settings' Circle tab, where the circle is
 * managed). `magazine`: the item goes to the magazine, which shows only what everyone may read,
 * so a narrower audience says it will appear there only once it is Everyone. That line is a
 * polite live region, there from the start, so choosing a narrower audience is heard to change
 * what the magazine shows.
 */
export function AudiencePicker({
  legend,
  name,
  value,
  onChange,
  hint,
  magazine = false,
}: {
  legend: string;
  name: string;
  value: Audience;
  onChange: (audience: Audience) => void;
  hint?: ReactNode;
  magazine?: boolean;
}) {
  const { t } = useI18n();
  const about = (audience: Audience): ReactNode =>
    audience === 'circle'
      ? richMessage(t, 'audiencePicker.circle.about', {
          manage: (
            <LocalizedLink to="/profile/settings#circle">
              {t('audiencePicker.circle.manage')}
            </LocalizedLink>
          ),
        })
      : t(ABOUT[audience]);
  return (
    <div className="audience-picker">
      <RadioGroup
        legend={legend}
        name={name}
        options={PICKER_AUDIENCES.map((audience) => ({
          value: audience,
          label: t(LABELS[audience]),
          description: about(audience),
        }))}
        value={value}
        onChange={onChange}
        hint={hint}
      />
      <p className="audience-magazine" role="status">
        {magazine && value !== 'public' ? t('audiencePicker.magazine') : null}
      </p>
    </div>
  );
}
