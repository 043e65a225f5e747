import { createContext, useContext } from 'react';

/** The shop's address as the shopper sees it; the server's render provides it from the request. */
const OriginContext = createContext<string | null>(null);
export const OriginProvider = OriginContext.Provider;

/** The origin a server-rendered page was made with (PUBLIC_URL), so hydration builds the same links. */
const renderedOrigin = () => (typeof document === 'undefined' ? undefined : document.getElementById('root')?.dataset.origin);

/** Absolute URL of `path` on this shop (canonical links, structured data, shared pictures). */
export function useAbsoluteUrl(): (path: string) => string {
  const origin = useContext(OriginContext) ?? renderedOrigin() ?? window.location.origin;
  return (path) => new URL(path, origin).href;
}
