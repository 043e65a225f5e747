const built = new Map<string, unknown>();

/**
 * An Intl formatter built once per key. Building one loads locale data, which a slow phone feels
 * on every render; formatting with a built one is cheap.
 */
export function cachedIntl<T>(key: string, build: () => T): T {
  let value = built.get(key) as T | undefined;
  if (value === undefined) {
    value = build();
    built.set(key, value);
  }
  return value;
}
