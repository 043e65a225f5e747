// Types only: i18next's key parser reads the English files (i18next.d.ts); its code is not in the
// bundle (decision 026).
import type { ParseKeys, TypeOptions } from 'i18next';
import type { TOptions } from '../../shared/i18n/translator';

type Namespaces = keyof TypeOptions['resources'] & string;

/** One namespace, or several (a tuple): the first is the one of unprefixed keys, the others are written `ns:key`. */
export type Namespace = Namespaces | readonly [Namespaces, ...Namespaces[]];

/** Options i18next has and the shop's translator does not: the compiler refuses them. */
type Unsupported = { [K in 'context' | 'returnObjects' | 'ns' | 'lng' | 'lngs' | 'keyPrefix' | 'ordinal' | 'replace' | 'postProcess']?: never };

/**
 * The translate function components get (`useTranslation`): a key of its namespaces (or several,
 * the first with a text wins), else any key with a `defaultValue` (decision 013: run-time colour
 * and size names fall back to the raw value that way). Always a string.
 */
export interface TFunction<Ns extends Namespace = 'translation'> {
  // Generic in the key, as i18next's is.
  <const Key extends ParseKeys<Ns>>(key: Key | readonly Key[], options?: TOptions & Unsupported): string;
  (key: string, options: TOptions & Unsupported & { defaultValue: string | undefined }): string;
}

/** A key of the shop's default namespace, checked against public/locales/en (see i18next.d.ts). */
export type TranslationKey = ParseKeys<'translation'>;

/**
 * The keys of one family: `KeyIn<'colors'>` is `'colors.rose' | 'colors.amber' | ...`. A family of
 * another namespace is written with its prefix (`'translation:apiErrors'`, `'admin:errors'`).
 */
export type KeyIn<Family extends string> = Family extends `${infer Ns extends Namespaces}:${infer Path}`
  ? `${Ns}:${Extract<ParseKeys<Ns>, `${Path}.${string}`>}`
  : Extract<TranslationKey, `${Family}.${string}`>;

/**
 * A key built at run time from data (a product's colour, an API error code, a home variant): the
 * compiler checks the family (a misspelt one is an error), not the member, which comes from the
 * server or a configuration; a member missing from the files shows as its key. Run-time keys are
 * cast here and nowhere else. The result is `NoInfer`: else the compiler infers `Family` back from
 * the thousand keys `t` takes (three calls took 30 s to check).
 */
export function keyIn<Family extends string>(family: [KeyIn<Family>] extends [never] ? never : Family, member: string | number): NoInfer<KeyIn<Family>> {
  return `${family}.${member}` as KeyIn<Family>;
}

/** `apiErrors`, the shop-wide text of API error codes, as a screen whose keys are of family `Own` reaches it. */
export type ApiErrorKey<Own extends string> = Own extends `${string}:${string}` ? KeyIn<'translation:apiErrors'> : KeyIn<'apiErrors'>;

export function apiErrorKey<Own extends string>(own: Own, code: string): NoInfer<ApiErrorKey<Own>> {
  return `${own.includes(':') ? 'translation:' : ''}apiErrors.${code}` as ApiErrorKey<Own>;
}
