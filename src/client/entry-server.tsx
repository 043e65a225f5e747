/**
 * The first HTML of a storefront page, rendered on the server from the same routes and components
 * the browser runs (built by `vite build --ssr`, used by src/server/ssr.ts). The browser then
 * hydrates it instead of painting a blank preloader while its scripts download: on a phone on 4G
 * the page's words and first pictures show as soon as the HTML and CSS arrive.
 */
import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { configureStore } from '@reduxjs/toolkit';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import i18next, { type Resource } from 'i18next';
import { api, type ServerExtra } from './app/api';
import { rootReducer } from './app/root-reducer';
import { routes, type RouteHandle } from './app/router';
import { Preloader } from './components/ui/preloader';
import { OriginProvider } from './app/page-origin';
import { fallbackLanguage, languages } from '../shared/domain/languages';

/** What the server sends instead when an answer the page needs is a 404 (an unknown product). */
export interface MissingPage {
  status: 404;
}

export interface RenderedPage {
  /** The markup that goes inside `#root`. */
  html: string;
  /** The API answers the render used; the browser's store starts from them. */
  state: unknown;
}

/** True when the server renders the page at `pathname`: the route it reaches is marked `ssr` in the router. */
export function isServerRendered(pathname: string): boolean {
  const match = matchRoutes(routes, pathname)?.at(-1);
  const ssr = (match?.route.handle as RouteHandle | undefined)?.ssr;
  return typeof ssr === 'function' ? ssr(match!.params) : ssr === true;
}

/** The HTTP status of an address the server does not render: 404 when no route of the shop matches. */
export async function routeStatus(url: URL): Promise<number> {
  const context = await createStaticHandler(routes).query(new Request(url));
  return context instanceof Response ? context.status : context.statusCode;
}

/** At most this many render passes: each pass may start queries that the next one shows. */
const MAX_PASSES = 4;

/**
 * Renders `url` (its origin is the shop's address as the shopper sees it) in `lng`. Returns null
 * when the page is not a plain 200 (unknown route, redirect) or an answer it needs failed: the
 * browser then renders it as before.
 */
export async function render(url: URL, lng: string, resources: Resource, fetch: ServerExtra['fetch']): Promise<RenderedPage | MissingPage | null> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  if (context instanceof Response || context.statusCode !== 200) return null;

  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) =>
      getDefault({ serializableCheck: false, immutableCheck: false, thunk: { extraArgument: { fetch } satisfies ServerExtra } }).concat(api.middleware),
  });
  const i18n = i18next.createInstance();
  await i18n.init({
    lng,
    supportedLngs: [...languages],
    fallbackLng: fallbackLanguage,
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  const router = createStaticRouter(handler.dataRoutes, context);
  // The same tree as the browser's (providers add no markup; the Suspense boundary does).
  const page = () => (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <OriginProvider value={url.origin}>
          <Suspense fallback={<Preloader />}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </Suspense>
        </OriginProvider>
      </I18nextProvider>
    </Provider>
  );

  const running = () => store.dispatch(api.util.getRunningQueriesThunk());
  // A failed answer (an unknown product) is left to the browser, which shows it the same way; a
  // 404 among them makes the whole page a 404 for search engines.
  const failed = (): MissingPage | null | undefined => {
    const errors = Object.values(store.getState()[api.reducerPath].queries).flatMap((query) => (query?.error ? [query.error as { status?: unknown }] : []));
    if (!errors.length) return undefined;
    return errors.some((error) => error.status === 404) ? { status: 404 } : null;
  };

  void store.dispatch(api.util.prefetch('getSettings', undefined, {}));
  // A page that knows its data from its address fetches it first (RouteHandle.prefetch).
  await Promise.all(context.matches.map((match) => (match.route.handle as RouteHandle | undefined)?.prefetch?.(store.dispatch, match.params, lng)));
  let html = '';
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    await Promise.all(running());
    const failure = failed();
    if (failure !== undefined) return failure;
    html = renderToString(page());
    if (running().length === 0) break;
  }
  if (running().length > 0) return null;
  const state = store.getState();
  return { html, state: { [api.reducerPath]: state[api.reducerPath] } };
}
