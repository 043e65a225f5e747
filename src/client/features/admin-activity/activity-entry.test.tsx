// @vitest-environment jsdom
import fs from 'node:fs';
import path from 'node:path';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { I18nProvider } from '../../app/i18n-view';
import { Translator, type Texts } from '../../../shared/i18n/translator';
import { settledStore } from '../../app/test-store';
import type { SessionUser } from '../../app/user-slice';
import type { ActivityEntry } from '../../../shared/schemas/audit';
import { ActivityCard } from './activity-entry';
import { changesOf, isMoney, shorten } from './activity-format';

const ns = (lng: string, name: string) => JSON.parse(fs.readFileSync(path.resolve(`public/locales/${lng}/${name}.json`), 'utf8')) as Texts;
const translator = (lng: 'en' | 'ar') =>
  new Translator({
    lng,
    resources: Object.fromEntries(
      [...new Set(['en', lng])].map((l) => [l, { 'admin-staff': ns(l, 'admin-staff'), admin: ns(l, 'admin'), translation: ns(l, 'translation') }]),
    ),
  });
afterEach(cleanup);

const entry = (over: Partial<ActivityEntry>): ActivityEntry => ({
  id: 1,
  at: '2026-11-20T10:00:00.000Z',
  actor: { id: 2, email: 'mona@nasma.test', role: 'catalogue' },
  address: '203.0.113.9',
  kind: 'product',
  action: 'updated',
  subjectId: '12',
  label: 'Oud candle',
  before: null,
  after: null,
  ...over,
});

async function wrap(children: ReactNode, { role = 'owner', lng = 'en' as 'en' | 'ar' } = {}) {
  const store = await settledStore({ id: 1, name: 'Nour Samy', email: 'owner@nasma.test', phone: null, role: role as SessionUser['role'] });
  return render(
    <Provider store={store}>
      <I18nProvider i18n={translator(lng)}>
        <MemoryRouter>{children}</MemoryRouter>
      </I18nProvider>
    </Provider>,
  );
}

/** Each change line's text, spaces made plain (Intl puts a no-break space after the currency). */
const lines = () =>
  within(screen.getByTestId('activity-changes'))
    .getAllByRole('listitem')
    .map((li) => li.textContent!.replace(/\s+/g, ' ').trim());

describe('an activity entry', () => {
  it('shows a product edit as "field: before → after", prices in EGP, who, from where, and the product as a link to its page', async () => {
    await wrap(
      <ActivityCard
        entry={entry({
          before: { price: 45050, name: { en: 'Oud candle', ar: 'شمعة عود' }, visible: true },
          after: { price: 39900, name: { en: 'Oud candle 200 g', ar: 'شمعة عود' }, visible: false },
        })}
      />,
    );
    expect(lines()).toEqual(['Price: EGP 450.50 → EGP 399.00', 'Name (en): Oud candle → Oud candle 200 g', 'Visible: Yes → No']);
    expect(screen.getByText('Edited a product')).toBeTruthy();
    expect(screen.getByText('Product')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Oud candle' }).getAttribute('href')).toBe('/admin/products/edit/12');
    expect(screen.getByText('mona@nasma.test')).toBeTruthy();
    expect(screen.getByText('Catalogue')).toBeTruthy();
    expect(screen.getByText('203.0.113.9')).toBeTruthy();
  });

  it('names an order’s status in words and links the order number to the orders list that finds it; a refund in EGP', async () => {
    await wrap(
      <>
        <ActivityCard
          entry={entry({
            kind: 'order',
            action: 'status',
            subjectId: 'NSM-100042',
            label: 'NSM-100042',
            before: { status: 'pending' },
            after: { status: 'confirmed', note: 'Called' },
          })}
        />
      </>,
    );
    expect(lines()).toEqual(['Status: Pending → Confirmed', 'Note: — → Called']);
    expect(screen.getByRole('link', { name: 'NSM-100042' }).getAttribute('href')).toBe('/admin/orders?q=NSM-100042');
    cleanup();
    await wrap(
      <ActivityCard
        entry={entry({
          kind: 'payment',
          action: 'refund',
          subjectId: 'NSM-100042',
          label: 'NSM-100042',
          before: { paymentState: 'paid', refunded: 0 },
          after: { paymentState: 'partially_refunded', refunded: 10000, amount: 10000, reason: 'Broken bottle' },
        })}
      />,
    );
    expect(lines()).toEqual([
      'Payment: Paid → Partly refunded',
      'Refunded in all: EGP 0.00 → EGP 100.00',
      'Amount: — → EGP 100.00',
      'Reason: — → Broken bottle',
    ]);
  });

  it('shows the delivery fees that changed by governorate, not all 27', async () => {
    const fees = (cairo: number) => ({ CAI: cairo, GIZ: 6000, ALX: 7000 });
    await wrap(
      <ActivityCard
        entry={entry({
          kind: 'settings',
          action: 'updated',
          subjectId: null,
          label: 'shop',
          before: { shippingFees: fees(6000) },
          after: { shippingFees: fees(6500) },
        })}
      />,
    );
    expect(lines()).toEqual(['Delivery fee (Cairo): EGP 60.00 → EGP 65.00']);
    expect(screen.getByRole('link', { name: "The shop's settings" }).getAttribute('href')).toBe('/admin/settings');
  });

  it('cuts long values and many changes, with "Show all" to see everything', async () => {
    const long = 'A warm blend of oud, amber and vanilla, poured by hand in Cairo into a glass you keep; it burns clean for fifty hours.';
    await wrap(
      <ActivityCard
        entry={entry({
          action: 'created',
          before: null,
          after: { sku: 'OUD-1', fullDescription: long, price: 45050, stock: 8, isNew: true, tags: ['oud', 'amber'] },
        })}
      />,
    );
    expect(lines()).toHaveLength(4);
    expect(lines()[1]).toMatch(/^Description: A warm blend .*…$/);
    expect(lines()[1]!.length).toBeLessThan(long.length);
    fireEvent.click(screen.getByRole('button', { name: 'Show all 6 changes' }));
    expect(lines()).toEqual(['SKU: OUD-1', `Description: ${long}`, 'Price: EGP 450.50', 'Stock: 8', 'New: Yes', 'Tags: oud, amber']);
    fireEvent.click(screen.getByRole('button', { name: 'Show less' }));
    expect(lines()).toHaveLength(4);
  });

  it('links only to pages the reader may open, and not to a thing that is gone', async () => {
    await wrap(
      <ActivityCard
        entry={entry({ kind: 'staff', action: 'role', subjectId: '5', label: 'sara@nasma.test', before: { role: 'orders' }, after: { role: 'manager' } })}
      />,
      {
        role: 'manager',
      },
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('sara@nasma.test')).toBeTruthy();
    expect(lines()).toEqual(['Role: Orders → Manager']);
    cleanup();
    await wrap(<ActivityCard entry={entry({ action: 'deleted', before: { price: 100 }, after: null })} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(lines()).toEqual(['Price: EGP 1.00']);
  });

  it('reads in Arabic: the action’s words and the money in Egyptian pounds', async () => {
    await wrap(<ActivityCard entry={entry({ before: { price: 45050 }, after: { price: 39900 } })} />, { lng: 'ar' });
    expect(screen.getByText('عدّل منتجًا')).toBeTruthy();
    const [line] = lines();
    expect(line).toMatch(/^السعر: /);
    expect(line).toContain('450.50');
    expect(line).toContain('399.00');
    expect(line).toContain('ج.م.');
  });
});

describe('the rules behind an entry', () => {
  it('knows which fields are money, per kind (a promotion’s value only for an amount off)', async () => {
    expect(isMoney({ kind: 'product', before: null, after: null }, 'price')).toBe(true);
    expect(isMoney({ kind: 'product', before: null, after: null }, 'variants.price')).toBe(true);
    expect(isMoney({ kind: 'product', before: null, after: null }, 'discount')).toBe(false);
    expect(isMoney({ kind: 'settings', before: null, after: null }, 'shippingFees.CAI')).toBe(true);
    expect(isMoney({ kind: 'promotion', before: null, after: { kind: 'amount' } }, 'value')).toBe(true);
    expect(isMoney({ kind: 'promotion', before: null, after: { kind: 'percent' } }, 'value')).toBe(false);
    expect(isMoney({ kind: 'order', before: null, after: null }, 'price')).toBe(false);
  });

  it('lists a created thing’s fields with no before side, and a record’s changed keys alone', async () => {
    expect(changesOf({ before: null, after: { a: 1 } })).toEqual([{ field: 'a', before: null, after: 1, hasBefore: false, hasAfter: true }]);
    expect(changesOf({ before: { name: { en: 'A', ar: 'ب' } }, after: { name: { en: 'B', ar: 'ب' } } })).toEqual([
      { field: 'name.en', before: 'A', after: 'B', hasBefore: true, hasAfter: true },
    ]);
    expect(shorten('abcdef', 4)).toEqual({ text: 'abc…', cut: true });
    expect(shorten('abc', 4)).toEqual({ text: 'abc', cut: false });
  });
});
