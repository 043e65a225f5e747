import { createContext, createElement, useCallback, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { Translator } from '../../shared/i18n/translator';
import type { Namespace, TFunction } from './translation-keys';

/**
 * How React sees the shop's translator (decision 026; it replaced react-i18next): a provider, and
 * `useTranslation` with react-i18next's shape, so components only changed their import line.
 */
const TranslatorContext = createContext<Translator | null>(null);

/** Hands `i18n` to every `useTranslation` below (browser: the tab's translator; server: the page language's). */
export function I18nProvider({ i18n, children }: { i18n: Translator; children?: ReactNode }) {
  return createElement(TranslatorContext.Provider, { value: i18n }, children);
}

const empty: readonly string[] = [];

/**
 * `t` for the namespaces `ns` (the first is the one of unprefixed keys; default `translation`) and
 * the translator. The component re-renders when the language changes or texts of the current
 * language arrive; it suspends (the nearest Suspense shows its fallback) until its namespaces are
 * loaded, as react-i18next did with `useSuspense: true`.
 */
export function useTranslation<const Ns extends Namespace = 'translation'>(ns?: Ns): { t: TFunction<Ns>; i18n: Translator } {
  const i18n = useContext(TranslatorContext);
  if (!i18n) throw new Error('useTranslation needs an I18nProvider above it');
  const list: readonly string[] = ns === undefined ? empty : typeof ns === 'string' ? [ns] : (ns as readonly string[]);
  const first = list[0] ?? i18n.defaultNS;
  const subscribe = useCallback((onChange: () => void) => i18n.on('changed', onChange), [i18n]);
  // The translator's `t` for the namespace is the same function until the texts change, then a new
  // one: memoised children and callbacks that depend on it see the new texts.
  const fixed = () => i18n.fixedT(first);
  const t = useSyncExternalStore(subscribe, fixed, fixed) as unknown as TFunction<Ns>;
  const missing = list.filter((name) => !i18n.hasLoaded(name));
  if (missing.length) throw i18n.loadNamespaces(missing);
  return { t, i18n };
}
