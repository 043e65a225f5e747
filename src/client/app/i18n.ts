import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import HttpBackend from 'i18next-http-backend';
import LanguageDetector from 'i18next-browser-languagedetector';
import { fallbackLanguage, languageDir, languages, normalizeLanguage } from '../../shared/domain/languages';

/** Mirrors the active language on <html lang dir> so CSS logical properties and fonts follow. */
function applyDocumentLanguage(lng: string): void {
  const language = normalizeLanguage(lng);
  document.documentElement.lang = language;
  document.documentElement.dir = languageDir(language);
}

/**
 * i18next as the specification describes: translations fetched from /locales/{lng}/{ns}.json,
 * detection order query `lng`, cookie, localStorage, sessionStorage, navigator, <html lang>, cached
 * in localStorage `i18nextLng`, fallback English. `fn` (the earlier shop's French) maps to `fr`.
 */
export function initI18n(): typeof i18n {
  void i18n
    .use(HttpBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      supportedLngs: [...languages],
      fallbackLng: fallbackLanguage,
      load: 'languageOnly',
      nonExplicitSupportedLngs: true,
      debug: import.meta.env.DEV,
      interpolation: { escapeValue: false },
      backend: {
        loadPath: '/locales/{{lng}}/{{ns}}.json',
      },
      detection: {
        order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
        lookupQuerystring: 'lng',
        lookupLocalStorage: 'i18nextLng',
        caches: ['localStorage'],
        convertDetectedLanguage: (lng: string) => normalizeLanguage(lng),
      },
      react: { useSuspense: true },
    });
  i18n.on('languageChanged', applyDocumentLanguage);
  return i18n;
}
