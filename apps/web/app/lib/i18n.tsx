import { createTranslator, type Locale, type Translate } from '@mepedia/web-i18n';
import { createContext, useContext, useMemo, type ReactNode } from 'react';

type I18n = { locale: Locale; t: Translate };
const I18nContext = createContext<I18n>({ locale: 'en', t: createTranslator('en') });

export function I18nProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  // A new translator per locale: messages are resolved in render, so a language switch shows at once.
  const value = useMemo(() => ({ locale, t: createTranslator(locale) }), [locale]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  return useContext(I18nContext);
}
