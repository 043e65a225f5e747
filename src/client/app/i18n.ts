import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { fallbackLanguage, languageCookie, languageDir, languages, normalizeLanguage, type Language } from '../../shared/domain/languages';

/** Where the shopper's choice is kept in the browser (i18next's detector's names, read by older visits too). */
const storageKey = 'i18nextLng';
const cookieDays = 365;

/** Mirrors the active language on <html lang dir> so CSS logical properties and fonts follow. */
function applyDocumentLanguage(lng: string): void {
  const language = normalizeLanguage(lng);
  document.documentElement.lang = language;
  document.documentElement.dir = languageDir(language);
}

function fromStorage(storage: () => Storage): string | null {
  try {
    return storage().getItem(storageKey);
  } catch {
    return null; // storage refused (private mode, blocked cookies)
  }
}

function fromCookie(): string | null {
  const prefix = `${languageCookie}=`;
  const found = document.cookie.split(';').find((part) => part.trim().startsWith(prefix));
  return found ? decodeURIComponent(found.trim().slice(prefix.length)) : null;
}

/**
 * The shopper's language, as i18next-browser-languagedetector picked it before (that library is no
 * longer downloaded): the first of query `lng`, cookie `i18next`, localStorage and sessionStorage
 * `i18nextLng`, the browser's languages, <html lang>; `fn` (the earlier shop's French) is `fr`, and
 * a language the shop does not speak is English. The server picks a page's language the same way
 * from what a request shows (src/server/request-language.ts).
 */
export function detectLanguage(): Language {
  const candidates = [
    new URLSearchParams(window.location.search).get('lng'),
    fromCookie(),
    fromStorage(() => window.localStorage),
    fromStorage(() => window.sessionStorage),
    ...(navigator.languages ?? []),
    navigator.language,
    document.documentElement.lang,
  ];
  return normalizeLanguage(candidates.find((candidate) => candidate));
}

/** Keeps the language in localStorage and in the cookie the server reads to render the next page in it. */
export function keepLanguage(lng: string): void {
  try {
    window.localStorage.setItem(storageKey, lng);
  } catch {
    /* storage refused: the cookie still carries the choice */
  }
  const expires = new Date(Date.now() + cookieDays * 24 * 60 * 60 * 1000).toUTCString();
  document.cookie = `${languageCookie}=${encodeURIComponent(lng)}; expires=${expires}; path=/; samesite=lax`;
}

/**
 * Fetches `/locales/{lng}/{ns}.json`: the few lines of i18next-http-backend this shop used (same-
 * origin JSON, no XHR fallback, no query string), without its 4 KB.
 */
const fetchBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (lng, ns, callback) => {
    fetch(`/locales/${lng}/${ns}.json`)
      .then((res) => {
        if (!res.ok) throw new Error(`/locales/${lng}/${ns}.json: ${res.status}`);
        return res.json() as Promise<ResourceKey>;
      })
      .then(
        (data) => callback(null, data),
        (err: Error) => callback(err, false),
      );
  },
};

/** The page's language and the translations the server rendered it with (src/server/ssr.ts). */
export interface GivenTranslations {
  lng: string;
  translation: ResourceKey;
}

/**
 * i18next as the specification describes: translations from /locales/{lng}/{ns}.json, the language
 * detected in the order of `detectLanguage` and kept in localStorage `i18nextLng` and the cookie
 * the server reads, fallback English.
 *
 * A server-rendered page brings its language's translations with it (`given`): i18next starts
 * from them at once, and fetches only what a later page needs (another namespace, another
 * language, English as the fallback in the background: every language has every key, which
 * translations.test.ts checks, so a page never waits for the fallback).
 */
export async function initI18n(given?: GivenTranslations): Promise<typeof i18n> {
  const lng = detectLanguage();
  i18n.on('languageChanged', (language) => {
    applyDocumentLanguage(language);
    keepLanguage(language);
  });
  const page = given && normalizeLanguage(given.lng) === lng ? { [lng]: { translation: given.translation } } : undefined;
  const ready = i18n
    .use(fetchBackend)
    .use(initReactI18next)
    .init({
      lng,
      supportedLngs: [...languages],
      fallbackLng: fallbackLanguage,
      load: 'languageOnly',
      nonExplicitSupportedLngs: true,
      debug: import.meta.env.DEV,
      interpolation: { escapeValue: false },
      ...(page && { resources: page, partialBundledLanguages: true }),
      react: { useSuspense: true },
    });
  if (!page) {
    await ready;
    return i18n;
  }
  // Ready now: the page's texts are in the store (hydrate() marks it so); the fallback may still load.
  i18n.hydrate(page);
  return i18n;
}
