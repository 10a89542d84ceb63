import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import type { Language } from '../../../preload/contract';
import { LOCALE } from './locale';
import { namespaces, type EnglishResources, type Namespace } from './resources';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: EnglishResources;
  }
}

const pick = (language: Language) =>
  Object.fromEntries(Object.entries(namespaces).map(([ns, messages]) => [ns, messages[language]]));

/**
 * One i18next instance for the page, with every message bundled (no loading over the network: the
 * CSP forbids it and the counter must work offline). The language follows terminal.language.
 */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources: { en: pick('en'), fr: pick('fr') },
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: ['en', 'fr'],
  ns: Object.keys(namespaces),
  defaultNS: 'common',
  // React escapes what it renders; escaping here too would show "&amp;" to the cashier.
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

export function currentLanguage(): Language {
  return i18n.language === 'fr' ? 'fr' : 'en';
}

/** The locale Intl formats money and dates in, for the language on screen. */
export function currentLocale(): string {
  return LOCALE[currentLanguage()];
}

/** Switches every screen to `language` (a setting change arrives with the status). */
export function setLanguage(language: Language): void {
  if (i18n.language !== language) void i18n.changeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = LOCALE[language];
}

/** `const { t } = useT('register')`: the screen's words, re-rendered when the language changes. */
export function useT<N extends Namespace>(ns: N) {
  return useTranslation(ns, { i18n });
}
