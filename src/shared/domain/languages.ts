/** Languages the shop speaks; `ar` is written right to left. */
export const languages = ['en', 'fr', 'de', 'ar'] as const;
export type Language = (typeof languages)[number];
export const fallbackLanguage: Language = 'en';

/** Each language's name in its own language, for the switcher. */
export const languageLabels: Record<Language, string> = {
  en: 'English',
  fr: 'Français',
  de: 'Deutsch',
  ar: 'العربية',
};

/** Old or regional codes we accept and what they mean (`fn` was the earlier shop's French). */
const aliases: Record<string, Language> = { fn: 'fr' };

/** The supported language a tag (`ar-EG`, `fn`, `FR`) means, or undefined when the shop does not speak it. */
export function supportedLanguage(tag: string | null | undefined): Language | undefined {
  const base = tag?.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  if ((languages as readonly string[]).includes(base)) return base as Language;
  return aliases[base];
}

/** Maps any language tag (`ar-EG`, `fn`, `FR`) to a supported language, or the fallback. */
export function normalizeLanguage(tag: string | null | undefined): Language {
  return supportedLanguage(tag) ?? fallbackLanguage;
}

/** The cookie the browser's language detector keeps the shopper's choice in (i18next's default name). */
export const languageCookie = 'i18next';

/** The supported language an `Accept-Language` header wants most (highest q first, ties in order, q=0 never), or undefined. */
export function acceptedLanguage(header: string | null | undefined): Language | undefined {
  const accepted = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of accepted) {
    const language = supportedLanguage(tag);
    if (language) return language;
  }
  return undefined;
}

/** Text direction of a language. */
export function languageDir(lng: string): 'rtl' | 'ltr' {
  return normalizeLanguage(lng) === 'ar' ? 'rtl' : 'ltr';
}
