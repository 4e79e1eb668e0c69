import {
  createTranslator,
  type Locale,
  type MessageOverrides,
  type Translate,
} from '@mepedia/web-i18n';
import { createContext, useContext, useMemo, type ReactNode } from 'react';

type I18n = { locale: Locale; t: Translate };
const I18nContext = createContext<I18n>({ locale: 'en', t: createTranslator('en') });

export function I18nProvider({
  locale,
  overrides,
  children,
}: {
  locale: Locale;
  /** The site's text overrides for `locale`, already checked by the server (root loader). */
  overrides?: MessageOverrides | undefined;
  children: ReactNode;
}) {
  // A new translator per locale (messages are resolved in render, so a language switch shows at
  // once) and per set of overrides, compared by content: each navigation brings a fresh copy.
  const texts = JSON.stringify(overrides ?? {});
  const value = useMemo(
    () => ({ locale, t: createTranslator(locale, JSON.parse(texts) as MessageOverrides) }),
    [locale, texts],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  return useContext(I18nContext);
}
