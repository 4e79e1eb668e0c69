import type { Language } from '@mepedia/contracts';
import { ApiError, type Api } from '@mepedia/web-api';
import { Languages } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useApi } from '../lib/api';
import { useI18n } from '../lib/i18n';
import { useRootData } from '../root';
import { defused } from './editor/defuse';
import { Icon } from './icon';
import { SignInPrompt } from './sign-in-prompt';
import { useToasts } from './toasts';

const escapeText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');

/**
 * Plain texts (a motto, answers) translated in one call: each goes as a paragraph named by its
 * key, line breaks as <br>, and comes back read as text, so nothing the provider sends can be
 * markup on the page (parsed defused: even an inert document reports handlers to the policy).
 */
export async function translateTexts(
  api: Api,
  texts: Record<string, string>,
  target: Language,
): Promise<Record<string, string>> {
  const html = Object.entries(texts)
    .map(
      ([key, text]) =>
        `<p data-k="${escapeAttribute(key)}">${escapeText(text).replace(/\n/g, '<br>')}</p>`,
    )
    .join('');
  const { output } = await api.posts.translateOutput(html, target);
  const parsed = new DOMParser().parseFromString(defused(output), 'text/html');
  const translated: Record<string, string> = {};
  for (const paragraph of parsed.querySelectorAll('p[data-k]')) {
    for (const br of paragraph.querySelectorAll('br')) br.replaceWith('\n');
    const key = paragraph.getAttribute('data-k');
    if (key !== null && key in texts) translated[key] = paragraph.textContent ?? '';
  }
  return translated;
}

/**
 * What to tell a reader whose translation failed: a coded translation error's own words (in the
 * page's language: no provider, a spent daily allowance, the provider's limit), else `fallback`.
 */
export function translationErrorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError &&
    error.code.startsWith('TRANSLATION_') &&
    error.code !== 'TRANSLATION_FAILED'
    ? error.message
    : fallback;
}

/** "Translate to Hebrew/English", "Translating…", then "Show the original". */
export function TranslateButton(props: {
  busy: boolean;
  showing: boolean;
  target: Language;
  onClick: () => void;
  /** The button's look: a page's secondary button unless told (a comment's action). */
  className?: string;
}) {
  const { t } = useI18n();
  const { busy, showing, target, onClick } = props;
  return (
    <button
      type="button"
      className={props.className ?? 'button button-secondary'}
      aria-busy={busy || undefined}
      disabled={busy}
      onClick={onClick}
    >
      <Icon icon={Languages} size={18} />
      {busy
        ? t('translate.working')
        : showing
          ? t('translate.original')
          : t(target === 'he' ? 'translate.toHe' : 'translate.toEn')}
    </button>
  );
}

/**
 * A member's own words, translated by machine on request (members only), and back: `texts` are
 * the words on screen by key; `shown(key, original)` is what to show for each. Changing `texts`
 * (another tab, another page) goes back to the originals; translations already made are kept.
 * `offered`: a translation provider is configured (the loader's translatable); without one
 * there are no controls at all.
 */
export function useMachineTranslation(
  texts: Record<string, string>,
  target: Language,
  offered: boolean,
) {
  const { t } = useI18n();
  const api = useApi();
  const toasts = useToasts();
  const signedIn = Boolean(useRootData()?.user);
  const [made, setMade] = useState<Record<string, string>>({});
  const [showing, setShowing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [prompt, setPrompt] = useState(false);
  const signature = JSON.stringify(Object.keys(texts));

  useEffect(() => setShowing(false), [signature]);

  async function toggle() {
    if (showing) {
      setShowing(false);
      return;
    }
    if (!signedIn) {
      setPrompt(true);
      return;
    }
    const missing = Object.fromEntries(
      Object.entries(texts).filter(([key, text]) => !(key in made) && text.trim() !== ''),
    );
    if (Object.keys(missing).length > 0) {
      setBusy(true);
      try {
        const more = await translateTexts(api, missing, target);
        setMade((all) => ({ ...all, ...more }));
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) setPrompt(true);
        else toasts.error(translationErrorMessage(error, t('translate.failed')));
        return;
      } finally {
        setBusy(false);
      }
    }
    setShowing(true);
  }

  const available = offered && Object.values(texts).some((text) => text.trim() !== '');
  return {
    /** Whether Translate is offered for these words at all. */
    offered: available,
    busy,
    toggle: () => void toggle(),
    /** A guest tried: ask them to sign in. */
    prompt: prompt && !signedIn,
    showing,
    shown: (key: string, original: string) => (showing ? (made[key] ?? original) : original),
    lang: (original: 'he' | 'en' | undefined) => (showing ? target : original),
    // Nothing of theirs on screen (no motto, the posts tab): nothing to offer.
    controls: available ? (
      <div className="machine-translation">
        <TranslateButton
          busy={busy}
          showing={showing}
          target={target}
          onClick={() => void toggle()}
        />
        {showing && (
          <p className="translation-notice" role="status">
            {t(target === 'he' ? 'translate.notice.he' : 'translate.notice.en')}
          </p>
        )}
        {prompt && !signedIn && <SignInPrompt message={t('translate.membersOnly')} />}
      </div>
    ) : null,
  };
}
