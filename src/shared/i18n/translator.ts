/**
 * The shop's translator: the part of i18next the shop used, read from the same files
 * (`public/locales/{lng}/{ns}.json`) with the same results (decision 026). Pure: no React, no DOM;
 * the browser hands it a loader for the files it fetches, the server hands it the files it read.
 *
 * What it does, as i18next 26 did with the shop's options:
 * - keys `a.b.c` in a namespace, `ns:a.b.c` naming another (nsSeparator `:`), `translation` by default;
 * - an array of keys: the first that has a text;
 * - `{{name}}` filled from the options, unescaped (`escapeValue: false`), and in a right-to-left
 *   language isolated (Unicode's first-strong isolate, domain/bidi.ts: the shop's own addition);
 * - `count` picks the plural form `key_<category>` by `Intl.PluralRules` of the language looked in,
 *   `key_zero` first when the count is 0 (in every language), then the bare key;
 * - a key without a text in the language is looked up in English, then `defaultValue` is shown, then
 *   the key itself (without its namespace), all filled in the same way.
 */

import { languageDir } from '../domain/languages.js';
import { isolateInRtl } from '../domain/bidi.js';

/** A namespace's texts, as its JSON file nests them. */
export interface Texts {
  [key: string]: string | Texts;
}

/** Texts by language, then namespace. */
export type Resources = Record<string, Record<string, Texts>>;

/** What `t` takes besides the key: `count` picks a plural form, `defaultValue` shows for a key without text, the rest fill `{{variables}}`. */
export type TOptions = { count?: number; defaultValue?: string } & Record<string, unknown>;

/** A translate function as the engine makes it; the client types its keys (translation-keys.ts). */
export type Translate = (key: string | readonly string[], options?: TOptions) => string;

export interface TranslatorOptions {
  /** The language texts are shown in. */
  lng: string;
  /** The language looked in for a key the first has no text for. */
  fallbackLng?: string;
  /** The namespace of keys without `ns:`. */
  defaultNS?: string;
  /** Texts already at hand; the translator reads them in place (they are not copied). */
  resources?: Resources;
  /** Fetches a namespace's file (the browser). Without it every namespace counts as loaded, as on the server. */
  load?: (lng: string, ns: string) => Promise<Texts>;
}

type Event = 'languageChanged' | 'changed';

/** Rules by language, made once: Intl.PluralRules is slow to build and fast to ask. */
const pluralRules = new Map<string, Intl.PluralRules>();
const pluralOf = (lng: string, count: number): string => {
  let rules = pluralRules.get(lng);
  if (!rules) pluralRules.set(lng, (rules = new Intl.PluralRules(lng)));
  return rules.select(count);
};

const own = Object.prototype.hasOwnProperty;
/** i18next splits `ns:key` only when the key looks like a path, not a sentence (its looksLikeObjectPath). */
const sentence = /[ ,?!;]/;
const isPath = (key: string): boolean => {
  const dot = key.indexOf('.');
  return !sentence.test(key) || (dot > 0 && !sentence.test(key.slice(0, dot)));
};

/**
 * Fills `{{name}}`: a name not given stays as written, one given as undefined or null becomes empty.
 * In a right-to-left language each value is isolated (a phone number, an order number, a code or a
 * Latin name keeps its own order inside the Arabic sentence; domain/bidi.ts).
 */
export function fill(text: string, values: TOptions | undefined, lng = 'en'): string {
  if (!values || !text.includes('{{')) return text;
  const rtl = languageDir(lng) === 'rtl';
  return text.replace(/\{\{(.+?)\}\}/g, (written, name: string) => {
    const key = name.trim();
    if (!own.call(values, key)) return written;
    const value = String(values[key] ?? '');
    return rtl ? isolateInRtl(value) : value;
  });
}

/**
 * Languages, their texts and the current language, with listeners told when what a translate
 * function answers changes. One instance serves a browser tab; the server keeps one per language.
 */
export class Translator {
  language: string;
  readonly fallbackLng: string;
  readonly defaultNS: string;
  readonly data: Resources;
  private readonly load: TranslatorOptions['load'];
  /** Namespaces asked for so far: a change of language brings them all first. */
  private readonly namespaces: Set<string>;
  /** Loads under way or done, by `lng|ns` (a failed load counts as done, as in i18next). */
  private readonly loads = new Map<string, Promise<void>>();
  private readonly settled = new Set<string>();
  private readonly listeners = new Map<Event, Set<(lng: string) => void>>();
  /** `fixedT`'s functions by namespace, made anew after each change. */
  private readonly fixed = new Map<string, Translate>();
  private wanted: string | undefined;

  constructor({ lng, fallbackLng = 'en', defaultNS = 'translation', resources = {}, load }: TranslatorOptions) {
    this.language = lng;
    this.fallbackLng = fallbackLng;
    this.defaultNS = defaultNS;
    this.data = resources;
    this.load = load;
    this.namespaces = new Set([defaultNS]);
  }

  /** The shop speaks only languages it has files for, so this is the language itself (i18next's name kept). */
  get resolvedLanguage(): string {
    return this.language;
  }

  /** Text direction of `lng` (default the current language), by the shop's one rule. */
  dir(lng = this.language): 'rtl' | 'ltr' {
    return languageDir(lng);
  }

  /** Calls `listener` on `event`; returns what stops it. `changed` also fires when texts of the current language arrive. */
  on(event: Event, listener: (lng: string) => void): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  private emit(event: Event, lng: string): void {
    if (event === 'changed') this.fixed.clear();
    for (const listener of this.listeners.get(event) ?? []) listener(lng);
  }

  /** Adds a namespace's texts for a language (replacing what it had). */
  addResourceBundle(lng: string, ns: string, texts: Texts): void {
    (this.data[lng] ??= {})[ns] = texts;
    if (lng === this.language) this.emit('changed', lng);
  }

  /** True when `ns` can be shown in `lng` now: its texts are here, its load ended, or nothing loads. */
  hasLoaded(ns: string, lng = this.language): boolean {
    return !this.load || Boolean(this.data[lng]?.[ns]) || this.settled.has(`${lng}|${ns}`);
  }

  /** Loads namespaces in `lng` and English; resolves once all are here or failed. */
  loadNamespaces(namespaces: readonly string[], lng = this.language): Promise<void> {
    const loads: Promise<void>[] = [];
    for (const ns of namespaces) {
      this.namespaces.add(ns);
      for (const code of new Set([lng, this.fallbackLng])) {
        const id = `${code}|${ns}`;
        let loading = this.loads.get(id);
        if (!loading && this.load && !this.data[code]?.[ns]) {
          loading = this.load(code, ns).then(
            (texts) => this.addResourceBundle(code, ns, texts),
            () => undefined, // shown as keys, as i18next does after a failed read
          );
          void loading.finally(() => this.settled.add(id));
          this.loads.set(id, loading);
        }
        if (loading) loads.push(loading);
      }
    }
    return Promise.all(loads).then(() => undefined);
  }

  /**
   * Switches to `lng` once the namespaces shown so far are here in it (the page keeps its language
   * meanwhile, as with i18next); a later call wins over an earlier one still loading.
   */
  async changeLanguage(lng: string): Promise<void> {
    this.wanted = lng;
    await this.loadNamespaces([...this.namespaces], lng);
    if (this.wanted !== lng || lng === this.language) return;
    this.language = lng;
    this.emit('languageChanged', lng);
    this.emit('changed', lng);
  }

  /** The text of one key (no namespace prefix) in a language and namespace, trying the plural forms first. */
  private find(lng: string, ns: string, key: string, count: unknown): string | undefined {
    const texts = this.data[lng]?.[ns];
    if (!texts) return undefined;
    const path = key.split('.');
    const last = path.pop()!;
    let node: Texts = texts;
    for (const part of path) {
      const next = own.call(node, part) ? node[part] : undefined;
      if (!next || typeof next !== 'object') return undefined;
      node = next;
    }
    const forms = typeof count === 'number' ? [`${last}_${pluralOf(lng, count)}`, last] : [last];
    if (count === 0) forms.unshift(`${last}_zero`);
    for (const form of forms) {
      const text = own.call(node, form) ? node[form] : undefined;
      if (typeof text === 'string') return text;
    }
    return undefined;
  }

  /** Translates in `lng` with `ns` as the namespace of unprefixed keys. */
  translate(keys: string | readonly string[], options: TOptions | undefined, lng: string, ns: string): string {
    const list = typeof keys === 'string' ? [keys] : keys;
    let shown = '';
    for (const written of list) {
      let key = String(written);
      let space = ns;
      if (key.includes(':') && isPath(key)) {
        const parts = key.split(':');
        space = parts.shift()!;
        key = parts.join('.');
      }
      shown = key;
      for (const code of lng === this.fallbackLng ? [lng] : [lng, this.fallbackLng]) {
        const text = this.find(code, space, key, options?.count);
        if (text !== undefined) return fill(text, options, lng);
      }
    }
    return fill(options?.defaultValue ?? shown, options, lng);
  }

  /** A translate function in `lng` (null: whatever the current language is at each call) and namespace `ns`. */
  getFixedT(lng: string | null, ns: string = this.defaultNS): Translate {
    return (key, options) => this.translate(key, options, lng ?? this.language, ns);
  }

  /**
   * The translate function of namespace `ns` in the current language: the same function until the
   * texts change, then a new one (React re-renders and re-runs what depends on `t` on that).
   */
  fixedT(ns: string = this.defaultNS): Translate {
    let t = this.fixed.get(ns);
    if (!t) this.fixed.set(ns, (t = this.getFixedT(null, ns)));
    return t;
  }

  /** Translates in the current language and default namespace. */
  t: Translate = (key, options) => this.translate(key, options, this.language, this.defaultNS);
}
