// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { I18nProvider } from '../../app/i18n-view';
import { Translator, type Texts } from '../../../shared/i18n/translator';
import { makeStore } from '../../app/store';
import { setUser, type SessionUser } from '../../app/user-slice';
import { MessageReader } from './message-reader';

const ns = (name: string) => JSON.parse(fs.readFileSync(path.resolve(`public/locales/en/${name}.json`), 'utf8')) as Texts;
const i18n = new Translator({ lng: 'en', resources: { en: { admin: ns('admin'), 'admin-dash': ns('admin-dash') } } });
afterEach(cleanup);

const message = {
  id: 3,
  name: 'Mona Adel',
  email: 'mona@example.com',
  subject: 'Gift wrapping',
  message: 'Do you wrap candles?',
  language: 'en',
  handled: true,
  createdAt: '2026-11-20T10:00:00.000Z',
};

function renderReader(role: string) {
  const { store } = makeStore();
  // Roles beyond customer and admin arrive with issue 32: the reader asks the role's permissions.
  store.dispatch(setUser({ id: 1, name: 'Nour Samy', email: 'nour@nasma.test', phone: null, role: role as SessionUser['role'] }));
  render(
    <Provider store={store}>
      <I18nProvider i18n={i18n}>
        <MessageReader open={message} busy={false} confirming={false} setConfirming={() => {}} onBack={() => {}} onSetHandled={() => {}} onDelete={() => {}} />
      </I18nProvider>
    </Provider>,
  );
}

describe('MessageReader', () => {
  it('offers the owner to mark the message unread and to delete it', () => {
    renderReader('owner');
    expect(screen.getByRole('button', { name: 'Mark as unread' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
  });

  it('hides both from a role that may read messages but not change them', () => {
    renderReader('orders');
    expect(screen.getByRole('link', { name: 'Reply by email' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark as unread' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});
