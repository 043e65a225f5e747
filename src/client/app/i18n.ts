import { fallbackLanguage, languageCookie, languageDir, normalizeLanguage, type Language } from '../../shared/domain/languages';
import { Translator, type Texts } from '../../shared/i18n/translator';

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

declare global {
  interface ImportMetaEnv {
    /** The translation files' version, set by the build (vite.config.ts); absent in unit tests. */
    readonly LOCALES_VERSION?: string;
  }
}

/**
 * `/locales/{lng}/{ns}.json`, with the build's version of the files (decision 028): the shop serves
 * that address as immutable, so a later page reuses what an earlier one fetched.
 */
const localesUrl = (lng: string, ns: string): string =>
  `/locales/${lng}/${ns}.json${import.meta.env.LOCALES_VERSION ? `?v=${import.meta.env.LOCALES_VERSION}` : ''}`;

/**
 * Fetches a namespace's file: what i18next-http-backend did for this shop (same-origin JSON, no XHR
 * fallback). A failed read is not retried (nor was it).
 */
async function fetchTexts(lng: string, ns: string): Promise<Texts> {
  const url = localesUrl(lng, ns);
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return (await res.json()) as Texts;
}

/**
 * The tab's translator (toasts and other code outside React read it too). It speaks English until
 * `initI18n` sets the shopper's language.
 */
export const i18n = new Translator({ lng: fallbackLanguage, load: fetchTexts });

/**
 * Starts the translator as the specification describes: translations from
 * /locales/{lng}/{ns}.json, the language detected in the order of `detectLanguage` and kept in
 * localStorage `i18nextLng` and the cookie the server reads, fallback English, <html lang dir>
 * following the language. Resolves once the language's texts (and English) are here; a
 * server-rendered page's loader has already asked for both, beside the scripts (decision 028).
 */
export async function initI18n(): Promise<Translator> {
  const lng = detectLanguage();
  const settle = (language: string) => {
    applyDocumentLanguage(language);
    keepLanguage(language);
  };
  i18n.on('languageChanged', settle);
  i18n.language = lng;
  const loaded = i18n.loadNamespaces([i18n.defaultNS]);
  // i18next announced the first language too: the choice is kept and <html> follows it.
  settle(lng);
  await loaded;
  return i18n;
}
