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
 * in localStorage `i18nextLng` (and a cookie the server reads), fallback English. `fn` (the earlier shop's French) maps to `fr`.
 */
export async function initI18n(): Promise<typeof i18n> {
  i18n.on('languageChanged', applyDocumentLanguage);
  await i18n
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
        // The cookie lets the server render the next page in the shopper's language (src/server/ssr.ts).
        caches: ['localStorage', 'cookie'],
        cookieMinutes: 60 * 24 * 365,
        cookieOptions: { path: '/', sameSite: 'lax' },
        convertDetectedLanguage: (lng: string) => normalizeLanguage(lng),
      },
      react: { useSuspense: true },
    });
  return i18n;
}
