import fs from 'node:fs';
import path from 'node:path';
import { normalizeLanguage, type Language } from '../../shared/domain/languages.js';

type Vocabulary = { colors: Record<string, string>; sizes: Record<string, string> };

/**
 * The words a message uses for a line's colour and size (`colors.<key>`, `sizes.<key>` of the
 * storefront's translation files), so an e-mail names "Amber, 50 ml" or "كهرماني، 50 مل" as the
 * shop does. Read once per language from the built client (`<clientDir>/locales`), else from
 * `public/locales` (development, tests); a key without a word is shown as it is stored.
 */
export class OptionLabels {
  private readonly kept = new Map<Language, Vocabulary>();

  constructor(private readonly folders: string[]) {}

  /** The chosen options of a line in a language, or null when it has none. */
  of(color: string | null, size: string | null, lng: string): string | null {
    const words = this.vocabulary(normalizeLanguage(lng));
    const parts = [color && (words.colors[color] ?? color), size && (words.sizes[size] ?? size)].filter((p): p is string => !!p);
    if (!parts.length) return null;
    return parts.join(normalizeLanguage(lng) === 'ar' ? '، ' : ', ');
  }

  private vocabulary(lng: Language): Vocabulary {
    let words = this.kept.get(lng);
    if (!words) {
      words = { colors: {}, sizes: {} };
      for (const folder of this.folders) {
        try {
          const file = JSON.parse(fs.readFileSync(path.join(folder, lng, 'translation.json'), 'utf8')) as Partial<Vocabulary>;
          words = { colors: file.colors ?? {}, sizes: file.sizes ?? {} };
          break;
        } catch {
          /* not in this folder: the next one */
        }
      }
      this.kept.set(lng, words);
    }
    return words;
  }
}

/** The folders translation files are read from for a shop serving `clientDir`. */
export const localeFolders = (clientDir: string): string[] => [path.join(clientDir, 'locales'), path.resolve('public/locales')];
