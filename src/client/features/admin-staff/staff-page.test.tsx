// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { I18nProvider } from '../../app/i18n-view';
import { Translator, type Texts } from '../../../shared/i18n/translator';
import { settledStore } from '../../app/test-store';
import { Toaster } from '../../components/ui/toast';
import type { StaffInvite, StaffList } from '../../../shared/schemas/staff';
import StaffPage from './staff-page';
import { InviteDialog } from './invite-dialog';

const ns = (name: string) => JSON.parse(fs.readFileSync(path.resolve(`public/locales/en/${name}.json`), 'utf8')) as Texts;
const i18n = new Translator({
  lng: 'en',
  resources: { en: { 'admin-staff': ns('admin-staff'), admin: ns('admin'), translation: ns('translation') } },
});

beforeAll(() => {
  // jsdom has no modal dialogs: opening one only marks it open, which is all these tests need.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
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

const invite: StaffInvite = {
  id: 4,
  email: 'sara@nasma.test',
  name: 'Sara Mounir',
  role: 'orders',
  createdAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-11-27T10:00:00.000Z',
  expired: false,
  invitedBy: 'owner@nasma.test',
};
const staff: StaffList = {
  members: [
    { id: 1, name: 'Nour Samy', email: 'owner@nasma.test', role: 'owner', createdAt: '2026-01-01T00:00:00.000Z' },
    { id: 2, name: 'Mona Adel', email: 'mona@nasma.test', role: 'orders', createdAt: '2026-02-01T00:00:00.000Z' },
  ],
  invites: [{ ...invite, id: 3, email: 'old@nasma.test', expired: true }],
};

type Answer = { status: number; body?: unknown };
/**
 * The API as the page meets it: `answers` by "METHOD /path" (the staff list by default); every
 * request other than the list's is recorded with its body.
 */
function stubApi(answers: Record<string, Answer> = {}) {
  const sent: Array<{ method: string; path: string; body: unknown }> = [];
  vi.stubGlobal('Request', PageRequest);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      const key = `${request.method} ${url.pathname}`;
      if (key !== 'GET /api/admin/staff')
        sent.push({ method: request.method, path: url.pathname, body: request.method === 'GET' ? null : await request.clone().text() });
      const answer = answers[key] ?? (key === 'GET /api/admin/staff' ? { status: 200, body: staff } : { status: 204 });
      return answer.body === undefined
        ? new Response(null, { status: answer.status })
        : new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return sent;
}

async function wrap(children: React.ReactNode) {
  const store = await settledStore({ id: 1, name: 'Nour Samy', email: 'owner@nasma.test', phone: null, role: 'owner' });
  return render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <MemoryRouter>{children}</MemoryRouter>
        <Toaster />
      </I18nProvider>
    </Provider>,
  );
}

const dialog = () => screen.getByRole('dialog');

describe('the invite dialog', () => {
  it('without e-mail in the shop, shows the link with a Copy button and says to hand it over', async () => {
    const link = 'https://shop.example.eg/staff-invite?token=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
    const sent = stubApi({ 'POST /api/admin/staff/invites': { status: 201, body: { invite, link } } });
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await wrap(<InviteDialog open onClose={() => undefined} />);

    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'sara@nasma.test' } });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Sara Mounir' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Orders' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send the invitation' }));

    const field = (await screen.findByLabelText('Invitation link for sara@nasma.test')) as HTMLInputElement;
    expect(field.value).toBe(link);
    expect(field.readOnly).toBe(true);
    expect(JSON.parse(sent[0]!.body as string)).toEqual({ email: 'sara@nasma.test', name: 'Sara Mounir', role: 'orders' });
    expect(within(dialog()).getByRole('heading').textContent).toBe('Hand the link over');
    expect(dialog().textContent).toContain('The shop has no e-mail set up, so no message was sent. Give Sara Mounir this link yourself');

    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await screen.findByRole('button', { name: 'Copied' });
    expect(writeText).toHaveBeenCalledWith(link);
  });

  it('puts each error by its field: the form’s own checks, then the server’s (already on the staff)', async () => {
    stubApi({
      'POST /api/admin/staff/invites': {
        status: 409,
        body: { error: { code: 'already_staff', message: 'This person is already on the staff.', fields: { email: 'already_staff' } } },
      },
    });
    await wrap(<InviteDialog open onClose={() => undefined} />);
    const email = screen.getByLabelText('E-mail') as HTMLInputElement;

    fireEvent.change(email, { target: { value: 'not-an-address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the invitation' }));
    expect((await screen.findByTestId('error-email')).textContent).toBe('Enter a valid e-mail address.');
    expect(screen.getByTestId('error-name').textContent).toBe('Write at least 2 characters.');
    expect(screen.getByTestId('error-role').textContent).toBe('This field is required.');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toContain('invite-email-error');

    fireEvent.change(email, { target: { value: 'mona@nasma.test' } });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Mona Adel' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Manager' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send the invitation' }));
    await waitFor(() => expect(screen.getByTestId('error-email').textContent).toBe('This person is already on the staff.'));
    expect(screen.queryByTestId('error-name')).toBeNull();
    expect(screen.queryByLabelText(/Invitation link/)).toBeNull();
  });

  it('says so above the form when too many invitations are open', async () => {
    stubApi({ 'POST /api/admin/staff/invites': { status: 409, body: { error: { code: 'too_many_invites', message: 'Too many.' } } } });
    await wrap(<InviteDialog open onClose={() => undefined} />);
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'sara@nasma.test' } });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Sara Mounir' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Catalogue' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send the invitation' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many invitations are open: withdraw the ones nobody will use.');
  });
});

describe('the staff page', () => {
  it('marks the signed-in owner "you" (their role left to another owner) and shows an expired invitation as such', async () => {
    stubApi();
    await wrap(<StaffPage />);
    const table = await screen.findByRole('table', { name: 'Team' });
    const me = within(table).getByText('Nour Samy').closest('tr')!;
    expect(within(me).getByText('you')).toBeTruthy();
    expect((within(me).getByRole('combobox', { name: 'Role of Nour Samy' }) as HTMLSelectElement).disabled).toBe(true);
    expect(within(me).queryByRole('button', { name: 'Remove Nour Samy' })).toBeNull();
    const invites = screen.getByRole('table', { name: 'Open invitations' });
    expect(within(invites).getByText('Expired')).toBeTruthy();
  });

  it('changes a role only after a confirmation that says the person is signed out', async () => {
    const sent = stubApi();
    await wrap(<StaffPage />);
    const table = await screen.findByRole('table', { name: 'Team' });
    const select = within(table).getByRole('combobox', { name: 'Role of Mona Adel' }) as HTMLSelectElement;

    fireEvent.change(select, { target: { value: 'manager' } });
    expect(within(dialog()).getByRole('heading').textContent).toBe('Make Mona Adel Manager?');
    expect(screen.getByTestId('role-confirm-text').textContent).toContain('mona@nasma.test will be signed out on every device');
    // Nothing is saved, and the select keeps the saved role, until the owner confirms.
    expect(sent).toEqual([]);
    expect(select.value).toBe('orders');

    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([]);

    fireEvent.change(select, { target: { value: 'catalogue' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Change the role' }));
    await waitFor(() => expect(sent).toEqual([{ method: 'PUT', path: '/api/admin/staff/2/role', body: JSON.stringify({ role: 'catalogue' }) }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('removes a person after saying their sessions end and their account stays a customer’s; a refusal is translated', async () => {
    const sent = stubApi({ 'DELETE /api/admin/staff/2': { status: 409, body: { error: { code: 'last_owner', message: 'last owner' } } } });
    await wrap(<StaffPage />);
    const table = await screen.findByRole('table', { name: 'Team' });
    fireEvent.click(within(table).getByRole('button', { name: 'Remove Mona Adel' }));
    expect(screen.getByTestId('remove-confirm-text').textContent).toBe(
      "Every session of mona@nasma.test ends at once and the admin is closed to them. Their account stays a customer's, with their own orders.",
    );
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Remove from the staff' }));
    await waitFor(() => expect(sent).toEqual([{ method: 'DELETE', path: '/api/admin/staff/2', body: '' }]));
    expect(await screen.findByText('The shop needs at least one owner: make someone else an owner first.')).toBeTruthy();
  });
});
