import { useI18n } from '../lib/i18n';
import { LocalizedLink } from './localized-link';

/**
 * What a guest reads where they tried to do a member's thing (comment, like, react, translate):
 * why not, and the two ways in, right there. Announced when it appears after an action
 * (`announce`); one standing on the page from the start (the comment box's) is not.
 */
export function SignInPrompt({
  message,
  className,
  announce = true,
}: {
  message: string;
  className?: string;
  announce?: boolean;
}) {
  const { t } = useI18n();
  return (
    <p
      className={`sign-in-prompt${className ? ` ${className}` : ''}`}
      role={announce ? 'alert' : undefined}
    >
      <span dir="auto">{message}</span>{' '}
      <LocalizedLink to="/auth?modal=login">{t('menu.login')}</LocalizedLink>{' '}
      <LocalizedLink to="/auth?modal=register">{t('menu.register')}</LocalizedLink>
    </p>
  );
}
