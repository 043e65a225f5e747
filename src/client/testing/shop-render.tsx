// Helpers of the client's component tests only (never imported by the app): the shop's API as a
// test says it answers, and a component rendered inside the app's providers.
import fs from 'node:fs';
import path from 'node:path';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { I18nProvider } from '../app/i18n-view';
import { makeStore, type AppStore } from '../app/store';
import { setUser, type SessionUser } from '../app/user-slice';
import { Translator, type Texts } from '../../shared/i18n/translator';
import en from '../../../public/locales/en/translation.json';

const NodeRequest = globalThis.Request;
/** Node's Request wants absolute URLs; the app's base query asks for `/api/...` as a browser would. */
class PageRequest extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, 'http://localhost/') : input, init);
  }
}

/** One request the component sent: its method, address, `path` (pathname and query) and JSON body (null without one). */
export interface ApiCall {
  method: string;
  url: URL;
  path: string;
  body: unknown;
}

/** What the stubbed API answers a request: a status (200 when left out) and a JSON body. */
export interface ApiAnswer {
  status?: number;
  body: unknown;
}

/**
 * The shop's API as `answer` says (called with each request), through the `fetch` the app uses;
 * returns the requests as they come, for the test to assert on. Undone by `vi.unstubAllGlobals()`.
 */
export function stubApi(answer: (call: ApiCall) => ApiAnswer | Promise<ApiAnswer>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal('Request', PageRequest);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const url = new URL(input.url);
      const text = await input.clone().text();
      const call = { method: input.method, url, path: `${url.pathname}${url.search}`, body: text ? (JSON.parse(text) as unknown) : null };
      calls.push(call);
      const { status = 200, body } = await answer(call);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

/** The English translator component tests render with: the main texts, and the admin namespaces named. */
export function testTranslator(...namespaces: string[]): Translator {
  const read = (name: string) => JSON.parse(fs.readFileSync(path.resolve(`public/locales/en/${name}.json`), 'utf8')) as Texts;
  return new Translator({ lng: 'en', resources: { en: { translation: en, ...Object.fromEntries(namespaces.map((name) => [name, read(name)])) } } });
}
const storefrontTexts = testTranslator();

/**
 * Renders `ui` inside the app's store (a new one, or `store` set up by the test) and English
 * translations (the storefront's, or `i18n`); with `role`, a signed-in person of that role; with `router`, inside a memory router. Returns the store with the render's result.
 */
export function renderWithShop(ui: ReactNode, options: { role?: SessionUser['role']; router?: boolean; store?: AppStore; i18n?: Translator } = {}) {
  const store = options.store ?? makeStore().store;
  if (options.role) store.dispatch(setUser({ id: 1, name: 'Nour Samy', email: 'nour@nasma.test', phone: null, role: options.role }));
  const tree = options.router ? <MemoryRouter>{ui}</MemoryRouter> : ui;
  const result = render(
    <Provider store={store}>
      <I18nProvider i18n={options.i18n ?? storefrontTexts}>{tree}</I18nProvider>
    </Provider>,
  );
  return { store, ...result };
}
