import fs from 'node:fs';
import path from 'node:path';
import { Translator, type Texts } from '../../shared/i18n/translator.js';
import { languages, normalizeLanguage, type Language } from '../../shared/domain/languages.js';

type Vocabulary = { colors: Record<string, string>; sizes: Record<string, string> };

/** A message's words: a key of `mail.json` with its `{{placeholders}}` filled. */
export type MailWords = (key: string, values?: Record<string, string | number>) => string;

/**
 * The words messages use, from the storefront's translation files: a line's colour and size
 * (`colors.<key>`, `sizes.<key>` of translation.json), so an e-mail names "Amber, 50 ml" or
 * "كهرماني، 50 مل" as the shop does, and the e-mails' own texts (mail.json, a namespace the
 * browser never loads). Read once per language from the built client (`<clientDir>/locales`), else
 * from `public/locales` (development, tests); a key without a word is shown as it is stored.
 */
export class OptionLabels {
  private readonly kept = new Map<Language, Vocabulary>();
  /** One translator per namespace, over the four languages, made on first use. */
  private readonly translators = new Map<string, Translator>();

  constructor(private readonly folders: string[]) {}

  /** The chosen options of a line in a language, or null when it has none. */
  of(color: string | null, size: string | null, lng: string): string | null {
    const words = this.vocabulary(normalizeLanguage(lng));
    const parts = [color && (words.colors[color] ?? color), size && (words.sizes[size] ?? size)].filter((p): p is string => !!p);
    if (!parts.length) return null;
    return parts.join(normalizeLanguage(lng) === 'ar' ? '، ' : ', ');
  }

  /** The e-mails' texts in a language (English where a text is missing). */
  mail(lng: string): MailWords {
    // Values are escaped where they are written into HTML (render.ts); the translator never escapes.
    return this.texts('mail', lng);
  }

  /** The storefront's own texts (translation.json) in a language, for what the server writes outside a page: the app's manifest, the offline page. */
  shop(lng: string): MailWords {
    return this.texts('translation', lng);
  }

  /** A namespace's texts in a language, English where one is missing. */
  private texts(ns: string, lng: string): MailWords {
    let translator = this.translators.get(ns);
    if (!translator) {
      translator = new Translator({
        lng: normalizeLanguage(lng),
        defaultNS: ns,
        resources: Object.fromEntries(languages.map((l) => [l, { [ns]: (this.read(l, ns) ?? {}) as Texts }])),
      });
      this.translators.set(ns, translator);
    }
    return translator.getFixedT(normalizeLanguage(lng));
  }

  private vocabulary(lng: Language): Vocabulary {
    let words = this.kept.get(lng);
    if (!words) {
      const file = (this.read(lng, 'translation') ?? {}) as Partial<Vocabulary>;
      words = { colors: file.colors ?? {}, sizes: file.sizes ?? {} };
      this.kept.set(lng, words);
    }
    return words;
  }

  /** A namespace's file in a language, from the first folder that has it. */
  private read(lng: Language, ns: string): Record<string, unknown> | undefined {
    for (const folder of this.folders) {
      try {
        return JSON.parse(fs.readFileSync(path.join(folder, lng, `${ns}.json`), 'utf8')) as Record<string, unknown>;
      } catch {
        /* not in this folder: the next one */
      }
    }
    return undefined;
  }
}

/** The folders translation files are read from for a shop serving `clientDir`. */
export const localeFolders = (clientDir: string): string[] => [path.join(clientDir, 'locales'), path.resolve('public/locales')];
