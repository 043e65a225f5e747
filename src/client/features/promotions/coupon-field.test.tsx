// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { makeStore } from '../../app/store';
import { renderWithShop, stubApi, type ApiAnswer } from '../../testing/shop-render';
import { api } from '../../app/api';
import { formatPiastres } from '../../../shared/domain/currency';
import { makeProduct, testSettings } from '../../../shared/domain/test-products';
import type { PromotionRule } from '../../../shared/domain/promotions';
import { CouponField, PromotionLines, useCartQuote } from './coupon-field';
import { useAppSelector } from '../../app/hooks';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  // The store keeps the applied code in the page's storage, as a shopper's browser does: each test starts without.
  localStorage.clear();
});

const rule = (over: Partial<PromotionRule> = {}): PromotionRule => ({
  id: 7,
  code: 'WELCOME10',
  name: 'WELCOME10',
  kind: 'percent',
  value: 10,
  productIds: [],
  categories: [],
  minSubtotal: 0,
  withProductDiscounts: true,
  combines: false,
  ...over,
});

/** The cart's summary parts with one 250.00 EGP line, the shop's offers `offers`, and "Apply" answered by `answer`. */
async function renderCart(answer: ApiAnswer, offers: PromotionRule[] = []) {
  const calls = stubApi((call) => (call.url.pathname === '/api/promotions' ? { body: { items: offers } } : answer));
  const sent = () => calls.filter((c) => c.url.pathname !== '/api/promotions').map((c) => c.body);
  const { store } = makeStore();
  await store.dispatch(api.util.upsertQueryData('getSettings', undefined, testSettings));
  // The cart's own action, by its type: this feature does not import the cart's.
  store.dispatch({
    type: 'cart/addToCart',
    payload: { product: makeProduct({ id: 3, price: 25000, stock: 9, categories: ['essential-oils'] }), quantity: 1, cartItemId: 'line-1' },
  });
  function Summary() {
    const items = useAppSelector((s) => s.cart.cartItems);
    const quote = useCartQuote(items, null);
    return (
      <>
        <dl>
          <PromotionLines quote={quote} />
        </dl>
        <p data-testid="total">{quote.total}</p>
        <CouponField items={items} quote={quote} />
      </>
    );
  }
  renderWithShop(<Summary />, { store });
  return { sent, store };
}

/** Types and applies a code once the field's own script is in (until then the page shows a field that does nothing). */
const apply = async (code: string) => {
  await waitFor(() => expect(document.querySelector('[data-coupon-live]')).not.toBeNull(), { timeout: 10_000 });
  fireEvent.change(screen.getByLabelText('Coupon code'), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
};

describe('CouponField', () => {
  it('applies a code the server accepts: the saving shows as its own line and the total drops', async () => {
    const { sent, store } = await renderCart({ status: 200, body: { rule: rule(), saving: 2500 } });
    await apply(' welcome١٠ ');
    await screen.findByTestId('coupon-applied', {}, { timeout: 5000 });
    // Sent normalised, with the cart's lines (ids and units only).
    expect(sent()).toEqual([{ code: 'WELCOME10', lines: [{ productId: 3, color: null, size: null, quantity: 1 }] }]);
    expect(screen.getByTestId('coupon-applied').textContent).toContain(`Applied: you save ${formatPiastres(2500, 'en')}`);
    expect(screen.getByTestId('promotion-line').textContent).toContain('Discount: WELCOME10');
    expect(screen.getByTestId('total').textContent).toBe('22500');
    expect(store.getState().promotions.coupon?.code).toBe('WELCOME10');
    fireEvent.click(screen.getByRole('button', { name: /Remove/ }));
    expect(screen.getByTestId('total').textContent).toBe('25000');
  });

  it("says why the server refused a code, in the shopper's words", async () => {
    await renderCart({ status: 409, body: { error: { code: 'promotion_expired', message: 'x' } } });
    await apply('OLDCODE');
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toBe('This code has expired.');
    expect(screen.queryByTestId('coupon-applied')).toBeNull();
  });

  it('names the amount still missing for a code with a minimum', async () => {
    await renderCart({ status: 409, body: { error: { code: 'promotion_minimum', message: 'x', details: { missing: 5000 } } } });
    await apply('BIGBASKET');
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toBe(`Add ${formatPiastres(5000, 'en')} more to use this code.`);
  });

  it('refuses a malformed code without asking the server', async () => {
    const { sent } = await renderCart({ status: 200, body: {} });
    await apply('a b');
    expect((await screen.findByRole('alert', {}, { timeout: 5000 })).textContent).toBe('A code is 3 to 32 letters, digits or dashes.');
    expect(sent()).toEqual([]);
  });

  it('shows an automatic offer the cart has not reached yet, with the amount missing', async () => {
    await renderCart({ status: 200, body: {} }, [
      rule({ id: 9, code: null, name: 'Free delivery over 500', kind: 'free_delivery', value: 0, minSubtotal: 50000 }),
    ]);
    await waitFor(() => expect(screen.getByTestId('offer-hint').textContent).toBe(`Add ${formatPiastres(25000, 'en')} more for Free delivery over 500.`), {
      timeout: 5000,
    });
  });
});
