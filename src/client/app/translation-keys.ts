import type { ParseKeys, TypeOptions } from 'i18next';

type Namespaces = keyof TypeOptions['resources'] & string;

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
 * cast here and nowhere else.
 */
export function keyIn<Family extends string>(family: [KeyIn<Family>] extends [never] ? never : Family, member: string | number): KeyIn<Family> {
  return `${family}.${member}` as KeyIn<Family>;
}

/** `apiErrors`, the shop-wide text of API error codes, as a screen whose keys are of family `Own` reaches it. */
export type ApiErrorKey<Own extends string> = Own extends `${string}:${string}` ? KeyIn<'translation:apiErrors'> : KeyIn<'apiErrors'>;

export function apiErrorKey<Own extends string>(own: Own, code: string): ApiErrorKey<Own> {
  return `${own.includes(':') ? 'translation:' : ''}apiErrors.${code}` as ApiErrorKey<Own>;
}
