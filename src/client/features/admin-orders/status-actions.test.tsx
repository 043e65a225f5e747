// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { I18nProvider } from '../../app/i18n-view';
import { Translator, type Texts } from '../../../shared/i18n/translator';
import { makeStore } from '../../app/store';
import type { AdminOrder } from '../../../shared/schemas/admin-order';
import { StatusActions } from './status-actions';

const ns = (name: string) => JSON.parse(fs.readFileSync(path.resolve(`public/locales/en/${name}.json`), 'utf8')) as Texts;
const i18n = new Translator({ lng: 'en', resources: { en: { admin: ns('admin'), 'admin-orders': ns('admin-orders') } } });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const order = (nextStatuses: AdminOrder['nextStatuses']) => ({ id: 7, number: 'NSM-100007', nextStatuses }) as AdminOrder;

const NodeRequest = globalThis.Request;
/** Node's Request wants absolute URLs; the app's base query asks for `/api/...` as a browser would. */
class PageRequest extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, 'http://localhost/') : input, init);
  }
}

function renderActions(nextStatuses: AdminOrder['nextStatuses']) {
  const bodies: unknown[] = [];
  vi.stubGlobal('Request', PageRequest);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      bodies.push(await input.clone().json());
      return new Response(JSON.stringify({ ok: true, status: 'shipped' }), { headers: { 'content-type': 'application/json' } });
    }),
  );
  const { store } = makeStore();
  render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <StatusActions order={order(nextStatuses)} onConflict={() => {}} />
      </I18nProvider>
    </Provider>,
  );
  return bodies;
}

describe('StatusActions', () => {
  it('sends the tracking note with the shipping, for the customer’s e-mail', async () => {
    const bodies = renderActions(['shipped', 'cancelled']);
    fireEvent.change(screen.getByLabelText('Tracking note (optional)'), { target: { value: '  Bosta 7741-2209 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mark as shipped' }));
    await waitFor(() => expect(bodies).toEqual([{ status: 'shipped', trackingNote: 'Bosta 7741-2209' }]));
  });

  it('asks for no tracking note when the order cannot be shipped next', () => {
    renderActions(['delivered', 'returned']);
    expect(screen.queryByLabelText('Tracking note (optional)')).toBeNull();
    expect(screen.getByLabelText('Note (optional)')).toBeTruthy();
  });
});
