// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { makeStore } from '../../app/store';
import type { AdminOrder } from '../../../shared/schemas/admin-order';
import { StatusActions } from './status-actions';

const ns = (name: string) => JSON.parse(fs.readFileSync(path.resolve(`public/locales/en/${name}.json`), 'utf8')) as object;

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { admin: ns('admin'), 'admin-orders': ns('admin-orders') } },
    interpolation: { escapeValue: false },
  });
});
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
      <StatusActions order={order(nextStatuses)} onConflict={() => {}} />
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
