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
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { api, type ServerExtra } from './app/api';
import { rootReducer } from './app/root-reducer';
import { shopRoutes, withAdmin, type RouteHandle, type ServerVisit } from './app/router';
import { adminRoute } from './app/admin/routes';
import { Preloader } from './components/ui/preloader';
import { OriginProvider } from './app/page-origin';
import { I18nProvider } from './app/i18n-view';
import { Translator, type Resources } from '../shared/i18n/translator';

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

/** Every route's request handler, the admin's too, to answer an address's status: made once, since it keeps no state of a request. */
const handler = createStaticHandler(withAdmin(adminRoute));
/**
 * The storefront's, which the server renders, as the browser's first script has them (main.tsx):
 * a render's router converts its handler's whole table again, and the admin's pages were about
 * half of it on every storefront page.
 */
const storefront = createStaticHandler(shopRoutes);

/** What the server makes of an address before rendering anything. */
export interface RouteAnswer {
  /** 404 when no route of the shop matches. */
  status: number;
  /** True when the route it reaches is marked `ssr` in the router: the server renders the page. */
  serverRendered: boolean;
  /** True when the page is the visitor's own (RouteHandle.personal): rendered per visit, never kept. */
  personal: boolean;
}

/** What a personal page's render is given of the visit besides its address (decision 025). */
export type VisitInput = Pick<ServerVisit, 'cookies' | 'submission'>;

/**
 * Matches `url` against the routes once, through the handler's routes ranked when it was made
 * (react-router's matchRoutes ranks every route again on each call: 0.9 ms a page here).
 */
export async function routeOf(url: URL): Promise<RouteAnswer> {
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return { status: context.status, serverRendered: false, personal: false };
  const match = context.matches.at(-1);
  const handle = match?.route.handle as RouteHandle | undefined;
  const ssr = handle?.ssr;
  return {
    status: context.statusCode,
    serverRendered: typeof ssr === 'function' ? ssr(match!.params) : ssr === true,
    personal: Boolean(handle?.personal),
  };
}

/** One translator per set of translations and language, made on its first render. */
const translators = new WeakMap<Resources, Map<string, Translator>>();

/**
 * The translator a render in `lng` uses, shared by every render in that language: a render only
 * reads it, since the server never changes its language. It reads `resources` in place and loads
 * nothing, so a namespace the server was not given shows its keys instead of suspending (as
 * react-i18next's `useSuspense: false` did here).
 */
function translator(resources: Resources, lng: string): Translator {
  let byLanguage = translators.get(resources);
  if (!byLanguage) translators.set(resources, (byLanguage = new Map()));
  let i18n = byLanguage.get(lng);
  if (!i18n) byLanguage.set(lng, (i18n = new Translator({ lng, resources })));
  return i18n;
}

/** At most this many render passes: each pass may start queries, or load parts, that the next one shows. */
const MAX_PASSES = 4;
/** What React leaves where a part could not be rendered on the server: the browser renders it. */
const CLIENT_RENDERED = '<!--$!-->';

/**
 * Renders `url` (its origin is the shop's address as the shopper sees it) in `lng`. Returns null
 * when the page is not a plain 200 (unknown route, redirect) or an answer it needs failed: the
 * browser then renders it as before.
 */
export async function render(
  url: URL,
  lng: string,
  resources: Resources,
  get: ServerExtra['get'],
  visit: VisitInput = { cookies: {}, submission: null },
): Promise<RenderedPage | MissingPage | null> {
  const context = await storefront.query(new Request(url));
  if (context instanceof Response || context.statusCode !== 200) return null;

  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) =>
      getDefault({ serializableCheck: false, immutableCheck: false, thunk: { extraArgument: { get } satisfies ServerExtra } }).concat(api.middleware),
  });
  const i18n = translator(resources, lng);
  const router = createStaticRouter(storefront.dataRoutes, context);
  // The same tree as the browser's (providers add no markup; the Suspense boundary does).
  const page = () => (
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <OriginProvider value={url.origin}>
          <Suspense fallback={<Preloader />}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </Suspense>
        </OriginProvider>
      </I18nProvider>
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

  try {
    void store.dispatch(api.util.prefetch('getSettings', undefined, {}));
    // A page that knows its data from its address fetches it first (RouteHandle.prefetch).
    await Promise.all(context.matches.map((match) => (match.route.handle as RouteHandle | undefined)?.prefetch?.(store.dispatch, match.params, lng)));
    // A personal page (the cart, checkout, an order) sets its state up from the visit.
    const personal = context.matches.map((match) => (match.route.handle as RouteHandle | undefined)?.personal).filter((setUp) => setUp !== undefined);
    await Promise.all(personal.map((setUp) => setUp({ ...visit, lng, get, dispatch: store.dispatch })));
    let html = '';
    for (let pass = 0; pass < MAX_PASSES; pass += 1) {
      await Promise.all(running());
      const failure = failed();
      if (failure !== undefined) return failure;
      html = renderToString(page());
      // A part loaded on demand (React.lazy) that this process has not loaded yet suspends the
      // first render, which then leaves that part to the browser (`<!--$!-->`): its module is
      // loading now, so the next pass shows it (the first checkout after a start was one).
      const suspended = html.includes(CLIENT_RENDERED);
      if (running().length === 0 && !suspended) break;
      // Longer each pass (5, 25, 125 ms): on a slow machine a page's chunk took more than the 15 ms
      // the passes used to allow, and the first cart and checkout after a start went unrendered.
      if (suspended) await new Promise((resolve) => setTimeout(resolve, 5 * 5 ** pass));
    }
    if (running().length > 0) return null;
    const state = store.getState();
    // The API's answers; a personal page also hands over the cart and checkout state it rendered.
    const handedOver = personal.length ? { cart: state.cart, checkout: state.checkout } : {};
    return { html, state: { [api.reducerPath]: state[api.reducerPath], ...handedOver } };
  } finally {
    // RTK Query keeps an answer nobody subscribes to for keepUnusedDataFor (300 s) behind a timer,
    // and that timer holds the whole store: every page rendered stayed in memory for five minutes
    // (tens of thousands of stores under traffic, all of them promoted for the old generation's
    // collections to mark). The reset clears its timers; the state taken above is not touched.
    store.dispatch(api.util.resetApiState());
  }
}
