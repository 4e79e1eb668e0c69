import { Accessibility } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useI18n } from '../lib/i18n';
import { Icon } from './icon';

export type A11yPrefs = {
  textScale: number;
  contrast: boolean;
  grayscale: boolean;
  underline: boolean;
  readable: boolean;
  still: boolean;
};
export const A11Y_KEY = 'mepedia:a11y';
export const DEFAULT_PREFS: A11yPrefs = {
  textScale: 1,
  contrast: false,
  grayscale: false,
  underline: false,
  readable: false,
  still: false,
};

export function readPrefs(raw: string | null): A11yPrefs {
  try {
    const parsed = JSON.parse(raw ?? '{}') as Partial<A11yPrefs>;
    const scale = Number(parsed.textScale);
    return {
      textScale: Number.isFinite(scale) ? Math.min(1.6, Math.max(0.9, scale)) : 1,
      contrast: parsed.contrast === true,
      grayscale: parsed.grayscale === true,
      underline: parsed.underline === true,
      readable: parsed.readable === true,
      still: parsed.still === true,
    };
  } catch {
    return DEFAULT_PREFS;
  }
}

/** The preferences as classes and a text scale on <html>. */
export function applyPrefs(root: HTMLElement, prefs: A11yPrefs) {
  root.style.setProperty('--text-scale', String(prefs.textScale));
  root.classList.toggle('a11y-contrast', prefs.contrast);
  root.classList.toggle('a11y-grayscale', prefs.grayscale);
  root.classList.toggle('a11y-underline', prefs.underline);
  root.classList.toggle('a11y-readable', prefs.readable);
  root.classList.toggle('a11y-still', prefs.still);
}

/**
 * Our own accessibility toolbar (no third-party script): text size, contrast,
 * grayscale, underlined links, a readable font, no animations. Remembered per
 * browser. Its button is there from the first paint; Escape closes the panel and gives the
 * focus back to it; on a phone the panel spans the screen, so it is never cut off in either
 * direction.
 */
export function AccessibilityToolbar() {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const [prefs, setPrefs] = useState<A11yPrefs>(DEFAULT_PREFS);
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const saved = readPrefs(window.localStorage.getItem(A11Y_KEY));
    setPrefs(saved);
    applyPrefs(document.documentElement, saved);
  }, []);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const update = (next: A11yPrefs) => {
    setPrefs(next);
    applyPrefs(document.documentElement, next);
    window.localStorage.setItem(A11Y_KEY, JSON.stringify(next));
  };
  const toggle = (key: Exclude<keyof A11yPrefs, 'textScale'>) =>
    update({ ...prefs, [key]: !prefs[key] });

  return (
    <div className="a11y-toolbar">
      <button
        ref={buttonRef}
        type="button"
        className="icon-button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('a11y.open')}
        title={t('a11y.open')}
        onClick={() => setOpen(!open)}
      >
        <Icon icon={Accessibility} size={22} />
      </button>
      <div
        id={panelId}
        className="a11y-panel"
        role="group"
        aria-label={t('a11y.toolbar')}
        hidden={!open}
      >
        <div className="a11y-row" role="group" aria-label={t('a11y.textSize')}>
          <button
            type="button"
            onClick={() => update({ ...prefs, textScale: Math.max(0.9, prefs.textScale - 0.1) })}
          >
            {t('a11y.textSmaller')}
          </button>
          <button
            type="button"
            onClick={() => update({ ...prefs, textScale: Math.min(1.6, prefs.textScale + 0.1) })}
          >
            {t('a11y.textLarger')}
          </button>
        </div>
        {(
          [
            ['contrast', 'a11y.contrast'],
            ['grayscale', 'a11y.grayscale'],
            ['underline', 'a11y.underline'],
            ['readable', 'a11y.readable'],
            ['still', 'a11y.stopAnimations'],
          ] as const
        ).map(([key, label]) => (
          <button key={key} type="button" aria-pressed={prefs[key]} onClick={() => toggle(key)}>
            {t(label)}
          </button>
        ))}
        <button type="button" onClick={() => update(DEFAULT_PREFS)}>
          {t('a11y.reset')}
        </button>
      </div>
    </div>
  );
}
