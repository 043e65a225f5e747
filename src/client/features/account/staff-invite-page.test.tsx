// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { I18nProvider } from '../../app/i18n-view';
import { Translator, type Texts } from '../../../shared/i18n/translator';
import { settledStore } from '../../app/test-store';
import type { Invitation } from '../../../shared/schemas/staff';
import StaffInvitePage from './staff-invite-page';

const i18n = new Translator({
  lng: 'en',
  resources: { en: { translation: JSON.parse(fs.readFileSync(path.resolve('public/locales/en/translation.json'), 'utf8')) as Texts } },
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const NodeRequest = globalThis.Request;
/** Node's Request wants absolute URLs; the app's base query asks for `/api/...` as a browser would. */
class PageRequest extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, 'http://localhost/') : input, init);
  }
}

const token = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The page at its link, the API answering the invitation with `invitation` (or `shown`) and the join with `joined`; returns the bodies joined with. */
async function open(shown: Response, joined?: Response) {
  const sent: unknown[] = [];
  vi.stubGlobal('Request', PageRequest);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      if (request.method === 'POST') {
        sent.push(await request.clone().json());
        return joined!.clone();
      }
      return shown.clone();
    }),
  );
  const store = await settledStore();
  render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <MemoryRouter initialEntries={[`/staff-invite?token=${token}`]}>
          <Routes>
            <Route path="/staff-invite" element={<StaffInvitePage />} />
            <Route path="/admin" element={<p>admin home</p>} />
          </Routes>
        </MemoryRouter>
      </I18nProvider>
    </Provider>,
  );
  return { sent, store };
}

const invitation = (over: Partial<Invitation> = {}): Invitation => ({
  email: 'hana.adel.2026@example.com',
  name: 'Hana Adel',
  role: 'orders',
  shopName: 'Nasma',
  hasAccount: false,
  ...over,
});
const user = { id: 7, name: 'Hana Adel', email: 'hana.adel.2026@example.com', phone: null, role: 'orders' };

describe('the invitation page', () => {
  it('says who invites to what, asks a new account’s name and password by the shop’s rules, and joins into the admin', async () => {
    const { sent, store } = await open(json(200, invitation()), json(200, { user }));
    await screen.findByRole('heading', { level: 1, name: 'Join the team of Nasma' });
    expect(screen.getByTestId('invite-role').textContent).toBe('Orders: sees orders and moves them on: confirm, ship, deliver, cancel.');
    expect((screen.getByLabelText('Your name') as HTMLInputElement).value).toBe('Hana Adel');
    expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');

    // The shop's password rules, as registration shows them; one needs the address (its local part is too easy).
    fireEvent.change(screen.getByLabelText('Choose a password'), { target: { value: 'hana' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join the team' }));
    expect((await screen.findByTestId('error-password')).textContent).toBe('Use at least 8 characters.');
    fireEvent.change(screen.getByLabelText('Choose a password'), { target: { value: 'Hana.Adel.2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join the team' }));
    await waitFor(() => expect(screen.getByTestId('error-password').textContent).toBe('This password is too easy to guess. Choose another.'));
    expect(sent).toEqual([]);

    fireEvent.change(screen.getByLabelText('Choose a password'), { target: { value: 'hana-packs-2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join the team' }));
    await screen.findByText('admin home');
    expect(sent).toEqual([{ token, password: 'hana-packs-2026', name: 'Hana Adel' }]);
    expect(store.getState().user.user?.role).toBe('orders');
  });

  it('asks an existing account for its own password, and puts a wrong one by the field', async () => {
    const { sent } = await open(
      json(200, invitation({ hasAccount: true })),
      json(401, { error: { code: 'bad_credentials', message: 'No.', fields: { password: 'bad_credentials' } } }),
    );
    await screen.findByText(/already has an account at Nasma/);
    expect(screen.queryByLabelText('Your name')).toBeNull();
    fireEvent.change(screen.getByLabelText("Your account's password"), { target: { value: 'not-my-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join the team' }));
    expect((await screen.findByTestId('error-password')).textContent).toBe('This email and password do not match.');
    expect(sent).toEqual([{ token, password: 'not-my-password' }]);
  });

  it('says a used, withdrawn or expired link no longer works, and to ask the owner for a new one', async () => {
    await open(json(400, { error: { code: 'link_invalid', message: 'Used.' } }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('This invitation no longer works'));
    expect(screen.getByRole('alert').textContent).toBe("This invitation was used, withdrawn or has expired. Ask the shop's owner to send you a new one.");
    expect(screen.queryByRole('button', { name: 'Join the team' })).toBeNull();
  });
});
