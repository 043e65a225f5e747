import type { i18n as I18n, TFunction } from 'i18next';

/** The texts a translate function has found, per instance, language, namespaces and key prefix. */
const found = new WeakMap<I18n, Map<string, Map<string, string>>>();

/**
 * `t` as i18next makes it, answering a plain key (no options) it has found before from memory.
 * i18next's fixed `t` copies the instance's whole options object on every call (7.5 µs a call on
 * this machine; a product page asks about 190): a page's texts are the same few hundred keys. A
 * key i18next does not find (it answers the key itself) is asked again next time, since its
 * translations may still be loading.
 */
function remembering(t: TFunction, texts: Map<string, string>): TFunction {
  const translate = t as unknown as (...args: unknown[]) => unknown;
  const fast = ((key: unknown, ...rest: unknown[]) => {
    if (rest.length > 0 || typeof key !== 'string') return translate(key, ...rest);
    const kept = texts.get(key);
    if (kept !== undefined) return kept;
    const text = translate(key);
    if (typeof text === 'string' && text !== key) texts.set(key, text);
    return text;
  }) as unknown as TFunction;
  // What i18next hangs on its fixed `t` (its language, namespaces and key prefix), for those who read it.
  const { lng, lngs, ns, keyPrefix } = t as unknown as Record<string, unknown>;
  return Object.assign(fast, { lng, lngs, ns, keyPrefix });
}

/**
 * The i18next instance as the shop hands it to React (I18nextProvider): an object that inherits
 * everything from the instance and owns only a remembering `getFixedT`.
 * - react-i18next's useTranslation copies the own properties of the instance it is given once for
 *   every component that calls it (its createI18nWrapper: 42 properties, about 20 µs a component
 *   here; a product page's server render spent 1.1 ms of its 7 ms there, and a phone's hydration
 *   pays it four times slower). A view has one to copy.
 * - The `t` each component gets remembers the plain keys it has found (see `remembering`).
 * The view reads through to the instance, which stays the one that changes language and keeps the
 * listeners.
 */
export function i18nForReact(instance: I18n): I18n {
  const view = Object.create(instance) as I18n;
  let byScope = found.get(instance);
  if (!byScope) found.set(instance, (byScope = new Map()));
  const scopes = byScope;
  view.getFixedT = ((lng: string | readonly string[] | null, ns?: string | readonly string[] | null, keyPrefix?: string, options?: unknown) => {
    const t = (instance.getFixedT as (...args: unknown[]) => TFunction)(lng, ns, keyPrefix, options);
    // A key prefix given as a selector function has no stable name to remember texts under.
    if (typeof keyPrefix === 'function') return t;
    const scope = JSON.stringify([lng, ns, keyPrefix]);
    let texts = scopes.get(scope);
    if (!texts) scopes.set(scope, (texts = new Map()));
    return remembering(t, texts);
  }) as I18n['getFixedT'];
  return view;
}
