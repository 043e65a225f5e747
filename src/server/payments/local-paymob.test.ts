// The local Paymob (tests/local-paymob) against the contract it stands in for: its own signer
// reproduces the documented vector, and over HTTP it validates intentions, runs the checkout,
// sends callbacks (late, twice, lost, forged) and refuses refunds as docs/contracts/paymob.md says.
// Its signatures are checked with the shop's verifier: each implementation checks the other.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startLocalPaymob, type LocalPaymob } from '../../../tests/local-paymob/server.js';
import { callbackString, signCallback, signRedirect } from '../../../tests/local-paymob/signer.js';
import { verifyProcessedCallback, verifyRedirect } from './paymob-hmac.js';
import {
  documentedHmac,
  documentedObj,
  documentedQuery,
  documentedString,
  secret,
  startCallbackReceiver,
  type CallbackReceiver,
} from './test-paymob-support.js';

const keys = { secretKey: 'egy_sk_test_local', publicKey: 'egy_pk_test_local', apiKey: 'api-key-local', hmacSecret: 'HMAC-LOCAL-SECRET' };
const integrations = { card: 4123456, wallet: 4123457, kiosk: 4123458 };
let paymob: LocalPaymob;
let receiver: CallbackReceiver;
let refs = 0;

beforeAll(async () => {
  receiver = await startCallbackReceiver();
  paymob = await startLocalPaymob({ ...keys, integrations });
});
afterAll(async () => {
  await paymob.close();
  await receiver.close();
});
afterEach(() => {
  paymob.reset();
  receiver.received.length = 0;
  receiver.answer(200);
});

function intentionBody(overrides: Record<string, unknown> = {}) {
  return {
    amount: 25_000,
    currency: 'EGP',
    payment_methods: [integrations.card],
    items: [
      { name: 'Oud candle', amount: 10_000, quantity: 2 },
      { name: 'Delivery', amount: 5_000, quantity: 1 },
    ],
    billing_data: { first_name: 'Mona', last_name: 'Said', email: 'mona@example.test', phone_number: '+201001234567' },
    special_reference: `NSM-${++refs}`,
    notification_url: receiver.url,
    redirection_url: 'http://shop.test/checkout/return?from=paymob',
    ...overrides,
  };
}

async function post(path: string, body: unknown, headers: Record<string, string> = { authorization: `Token ${keys.secretKey}` }) {
  const res = await fetch(`${paymob.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function createIntention(overrides: Record<string, unknown> = {}) {
  const res = await post('/v1/intention/', intentionBody(overrides));
  expect(res.status).toBe(201);
  return res.body as { client_secret: string; intention_order_id: number; special_reference: string };
}

/** The shopper presses a button of the checkout page; the answer is not followed. */
function press(clientSecret: string, action: 'pay' | 'decline', method?: string) {
  const form = new URLSearchParams({ publicKey: keys.publicKey, clientSecret, action, ...(method ? { method } : {}) });
  return fetch(`${paymob.url}/unifiedcheckout/pay`, { method: 'POST', body: form, redirect: 'manual' });
}

const query = (location: string | null) => Object.fromEntries(new URL(location ?? 'http://missing').searchParams);

describe('its signer', () => {
  it('reproduces the documented string and HMAC (docs/contracts/paymob.md §5)', () => {
    expect(callbackString(documentedObj())).toBe(documentedString);
    expect(signCallback(documentedObj(), secret)).toBe(documentedHmac);
  });

  it('signs the documented redirect with `order`, and with `order_id` instead', () => {
    const { hmac: _hmac, order, ...rest } = documentedQuery();
    expect(signRedirect({ ...rest, order }, secret)).toBe(documentedHmac);
    expect(signRedirect({ ...rest, order_id: order }, secret)).toBe(documentedHmac);
  });
});

describe('create intention', () => {
  it('answers 201 in the documented shape and numbers Paymob orders upward', async () => {
    const sent = intentionBody({ extras: { cart: 7 } });
    const first = await post('/v1/intention/', sent);
    const second = await createIntention();
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      id: expect.stringMatching(/^pi_test_[0-9a-f]{32}$/),
      client_secret: expect.stringMatching(/^egy_csk_test_[0-9a-f]{32}$/),
      status: 'intended',
      special_reference: sent.special_reference,
      intention_detail: { amount: 25_000, currency: 'EGP' },
      payment_keys: [{ integration: integrations.card }],
      extras: { creation_extras: { cart: 7 } },
    });
    expect(second.intention_order_id).toBe((first.body.intention_order_id as number) + 1);
    expect(paymob.intentions().map((i) => i.notificationUrl)).toEqual([receiver.url, receiver.url]);
  });

  it('refuses a missing or wrong secret key with 401 and a detail', async () => {
    expect(await post('/v1/intention/', intentionBody(), {})).toEqual({ status: 401, body: { detail: expect.any(String) } });
    expect((await post('/v1/intention/', intentionBody(), { authorization: 'Token egy_sk_test_other' })).status).toBe(401);
    expect(paymob.intentions()).toHaveLength(0);
  });

  it.each([
    ['a zero amount', { amount: 0 }, 400, 'amount'],
    ['an amount in pounds', { amount: 250.5 }, 400, 'amount'],
    ['another currency', { currency: 'USD' }, 400, 'currency'],
    ['no payment methods', { payment_methods: [] }, 400, 'payment_methods'],
    ['an unknown integration id', { payment_methods: [999] }, 404, 'detail'],
    ['items that do not add up', { items: [{ name: 'Oud candle', amount: 10_000, quantity: 2 }] }, 400, 'detail'],
    ['an item without a name', { items: [{ amount: 25_000, quantity: 1 }] }, 400, 'items'],
    ['no billing data', { billing_data: undefined }, 400, 'billing_data'],
  ])('refuses %s', async (_name, overrides, status, key) => {
    const res = await post('/v1/intention/', intentionBody(overrides));
    expect(res.status).toBe(status);
    expect(res.body).toHaveProperty(key);
    expect(paymob.intentions()).toHaveLength(0);
  });

  it('names the missing billing field (the phone number)', async () => {
    const billing = { first_name: 'Mona', last_name: 'Said', email: 'mona@example.test' };
    expect(await post('/v1/intention/', intentionBody({ billing_data: billing }))).toEqual({
      status: 400,
      body: { billing_data: { phone_number: ['This field is required.'] } },
    });
  });

  it('takes methods by name and item amounts as unit amounts × quantity', async () => {
    const res = await post('/v1/intention/', intentionBody({ payment_methods: ['card', 'kiosk'] }));
    expect(res.status).toBe(201);
    expect(paymob.intentions()[0]?.methods.map((m) => m.integrationId)).toEqual([integrations.card, integrations.kiosk]);
  });

  it('refuses a special_reference used before', async () => {
    await createIntention({ special_reference: 'NSM-same' });
    const again = await post('/v1/intention/', intentionBody({ special_reference: 'NSM-same' }));
    expect(again.status).toBe(400);
    expect(again.body.detail).toMatch(/duplicate/i);
  });
});

describe('the checkout', () => {
  it('shows the amount and reference, and answers 404 to a wrong public key or client secret', async () => {
    const intention = await createIntention({ special_reference: 'NSM-page' });
    const page = await fetch(`${paymob.url}/unifiedcheckout/?publicKey=${keys.publicKey}&clientSecret=${intention.client_secret}`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('lang="en"');
    expect(html).toContain('EGP');
    expect(html).toContain('250.00');
    expect(html).toContain('NSM-page');
    expect(html).toMatch(/<button[^>]*value="pay"[^>]*>Pay<\/button>/);
    expect((await fetch(`${paymob.url}/unifiedcheckout/?publicKey=egy_pk_test_other&clientSecret=${intention.client_secret}`)).status).toBe(404);
    expect((await fetch(`${paymob.url}/unifiedcheckout/?publicKey=${keys.publicKey}&clientSecret=egy_csk_test_nope`)).status).toBe(404);
  });

  it('Pay: the signed callback is answered before the browser is sent back with a signed query', async () => {
    const intention = await createIntention();
    const res = await press(intention.client_secret, 'pay');
    expect(res.status).toBe(302);
    expect(receiver.received).toHaveLength(1);
    const callback = receiver.received[0]!;
    const tx = verifyProcessedCallback(callback.body, callback.hmac, keys.hmacSecret);
    expect(tx).toMatchObject({ success: true, pending: false, amountCents: 25_000, sourceType: 'card', merchantOrderId: intention.special_reference });
    const location = res.headers.get('location');
    expect(location).toMatch(/^http:\/\/shop\.test\/checkout\/return\?from=paymob&/);
    expect(verifyRedirect(query(location), keys.hmacSecret)).toEqual({
      transactionId: tx?.id,
      paymobOrderId: intention.intention_order_id,
      merchantOrderId: intention.special_reference,
      success: true,
      pending: false,
      amountCents: 25_000,
    });
    const paid = await fetch(`${paymob.url}/unifiedcheckout/?publicKey=${keys.publicKey}&clientSecret=${intention.client_secret}`);
    expect(await paid.text()).toContain('This payment is complete');
    expect((await press(intention.client_secret, 'pay')).status).toBe(409);
  });

  it('Decline: a declined wallet transaction, called back and redirected', async () => {
    const intention = await createIntention({ payment_methods: [integrations.card, integrations.wallet] });
    const res = await press(intention.client_secret, 'decline', 'wallet');
    const tx = verifyProcessedCallback(receiver.received[0]?.body, receiver.received[0]?.hmac, keys.hmacSecret);
    expect(tx).toMatchObject({ success: false, pending: false, sourceType: 'wallet', sourceSubType: 'wallet' });
    expect(verifyRedirect(query(res.headers.get('location')), keys.hmacSecret)).toMatchObject({ success: false, pending: false });
  });

  it('lost callbacks: nothing is POSTed, the redirect still happens', async () => {
    const intention = await createIntention();
    paymob.setCallbacks('drop');
    const res = await press(intention.client_secret, 'pay');
    expect(res.status).toBe(302);
    expect(receiver.received).toHaveLength(0);
    expect(verifyRedirect(query(res.headers.get('location')), keys.hmacSecret)?.success).toBe(true);
  });

  it('kiosk: Pay gives a reference and a pending transaction, which a later callback completes', async () => {
    const intention = await createIntention({ payment_methods: [integrations.kiosk] });
    const res = await press(intention.client_secret, 'pay');
    const pending = verifyProcessedCallback(receiver.received[0]?.body, receiver.received[0]?.hmac, keys.hmacSecret);
    expect(pending).toMatchObject({ success: false, pending: true, sourceType: 'aggregator', billReference: expect.stringMatching(/^\d+$/) });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`data-testid="bill-reference">${pending?.billReference}<`);

    expect(await paymob.sendCallback({ merchantOrderId: intention.special_reference, outcome: 'success' })).toEqual([200]);
    const paid = verifyProcessedCallback(receiver.received[1]?.body, receiver.received[1]?.hmac, keys.hmacSecret);
    expect(paid).toMatchObject({ id: pending?.id, success: true, pending: false, billReference: pending?.billReference });
    expect(paymob.transactions()).toHaveLength(1);
  });
});

describe('sendCallback', () => {
  it('sends the same transaction `times` times and returns what the receiver answered', async () => {
    const intention = await createIntention();
    receiver.answer(500);
    expect(await paymob.sendCallback({ merchantOrderId: intention.special_reference, outcome: 'success', times: 3 })).toEqual([500, 500, 500]);
    const ids = receiver.received.map((c) => verifyProcessedCallback(c.body, c.hmac, keys.hmacSecret)?.id);
    expect(new Set(ids).size).toBe(1);
    expect(ids[0]).toEqual(expect.any(Number));
    // The same outcome again re-sends that transaction rather than making another.
    await paymob.sendCallback({ merchantOrderId: intention.special_reference, outcome: 'success', parallel: true, times: 2 });
    expect(paymob.transactions()).toHaveLength(1);
  });

  it('waits delayMs before sending', async () => {
    const intention = await createIntention();
    const started = Date.now();
    await paymob.sendCallback({ merchantOrderId: intention.special_reference, outcome: 'declined', delayMs: 150 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(verifyProcessedCallback(receiver.received[0]?.body, receiver.received[0]?.hmac, keys.hmacSecret)?.success).toBe(false);
  });

  it('forges: unsigned, badly signed, a wrong amount and an unknown order, none of them stored', async () => {
    const intention = await createIntention();
    const reference = intention.special_reference;
    for (const tamper of ['unsigned', 'bad_signature', 'wrong_amount', 'unknown_order'] as const) {
      await paymob.sendCallback({ merchantOrderId: reference, outcome: 'success', tamper });
    }
    const [unsigned, bad, amount, unknown] = receiver.received;
    expect(unsigned?.hmac).toBeUndefined();
    expect(bad?.hmac).toMatch(/^[0-9a-f]{128}$/);
    expect(verifyProcessedCallback(bad?.body, bad?.hmac, keys.hmacSecret)).toBeNull();
    expect(verifyProcessedCallback(amount?.body, amount?.hmac, keys.hmacSecret)).toMatchObject({ merchantOrderId: reference, amountCents: 24_900 });
    const stranger = verifyProcessedCallback(unknown?.body, unknown?.hmac, keys.hmacSecret);
    expect(stranger?.merchantOrderId).not.toBe(reference);
    expect(stranger?.paymobOrderId).not.toBe(intention.intention_order_id);
    expect(paymob.transactions()).toHaveLength(0);
  });

  it("forges a replay under another order's reference that still verifies: merchant_order_id is not signed", async () => {
    const cheap = await createIntention();
    const dear = await createIntention({ special_reference: 'NSM-dear' });
    await paymob.sendCallback({ merchantOrderId: cheap.special_reference, outcome: 'success', tamper: 'other_reference', otherMerchantOrderId: 'NSM-dear' });
    const replay = verifyProcessedCallback(receiver.received[0]?.body, receiver.received[0]?.hmac, keys.hmacSecret);
    expect(replay).toMatchObject({ merchantOrderId: 'NSM-dear', paymobOrderId: cheap.intention_order_id });
    expect(replay?.paymobOrderId).not.toBe(dear.intention_order_id);
    await expect(paymob.sendCallback({ merchantOrderId: cheap.special_reference, outcome: 'success', tamper: 'other_reference' })).rejects.toThrow(
      /otherMerchantOrderId/,
    );
  });

  it('is driven over HTTP by the control endpoints', async () => {
    const intention = await createIntention();
    const sent = await post('/__control/callbacks', { merchantOrderId: intention.special_reference, outcome: 'pending' }, {});
    expect(sent).toEqual({ status: 200, body: { statuses: [200] } });
    expect((await post('/__control/callbacks', { merchantOrderId: 'nobody', outcome: 'success' }, {})).status).toBe(404);
    expect((await post('/__control/callbacks', { outcome: 'success' }, {})).status).toBe(400);
    const listed = (await (await fetch(`${paymob.url}/__control/transactions`)).json()) as unknown[];
    expect(listed).toHaveLength(1);
    await post('/__control/reset', {}, {});
    expect(paymob.intentions()).toHaveLength(0);
  });
});

describe('auth tokens and inquiry', () => {
  it('issues a token for the API key only, and answers the latest transaction of an order', async () => {
    expect((await post('/api/auth/tokens', { api_key: 'wrong' }, {})).status).toBe(401);
    const token = (await post('/api/auth/tokens', { api_key: keys.apiKey }, {})).body.token as string;
    const intention = await createIntention();
    const inquiry = { auth_token: token, merchant_order_id: intention.special_reference };
    expect(await post('/api/ecommerce/orders/transaction_inquiry', inquiry, {})).toEqual({ status: 404, body: { detail: 'Not found.' } });
    await press(intention.client_secret, 'decline');
    await press(intention.client_secret, 'pay');
    const latest = await post('/api/ecommerce/orders/transaction_inquiry', inquiry, {});
    expect(latest.body).toMatchObject({ success: true });
    const byOrder = await post('/api/ecommerce/orders/transaction_inquiry', { auth_token: token, order_id: intention.intention_order_id }, {});
    expect(byOrder.body.id).toBe(latest.body.id);
    expect((await post('/api/ecommerce/orders/transaction_inquiry', { ...inquiry, auth_token: 'forged' }, {})).status).toBe(401);
    const byId = await fetch(`${paymob.url}/api/acceptance/transactions/${String(latest.body.id)}`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await byId.json()) as { id: number }).id).toBe(latest.body.id);
    paymob.expireTokens();
    expect((await post('/api/ecommerce/orders/transaction_inquiry', inquiry, {})).status).toBe(401);
  });
});

describe('refunds', () => {
  async function paidTransaction(payment_methods = [integrations.card]) {
    const intention = await createIntention({ payment_methods });
    await press(intention.client_secret, 'pay');
    return paymob.transactions().at(-1)!;
  }

  it('refunds in parts up to the amount, then refuses; the parent and child are called back', async () => {
    const parent = await paidTransaction();
    receiver.received.length = 0;
    const first = await post('/api/acceptance/void_refund/refund', { transaction_id: parent.id, amount_cents: 10_000 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ is_refund: true, has_parent_transaction: true, parent_transaction: parent.id, success: true, amount_cents: 10_000 });
    await paymob.idle();
    const [again, child] = receiver.received.map((c) => verifyProcessedCallback(c.body, c.hmac, keys.hmacSecret));
    expect(again).toMatchObject({ id: parent.id, isRefunded: true, refundedAmountCents: 10_000 });
    expect(child).toMatchObject({ id: first.body.id, isRefund: true, parentTransaction: parent.id, amountCents: 10_000 });

    // Digit strings are accepted, as the Postman collection sends them.
    const rest = await post('/api/acceptance/void_refund/refund', { transaction_id: String(parent.id), amount_cents: '15000' });
    expect(rest.status).toBe(200);
    const over = await post('/api/acceptance/void_refund/refund', { transaction_id: parent.id, amount_cents: 1 });
    expect(over).toEqual({ status: 400, body: { detail: expect.stringMatching(/exceeds/) } });
    expect(paymob.transactions().find((t) => t.id === parent.id)?.refunded_amount_cents).toBe(25_000);
  });

  it('refuses more than the amount at once, without a Token, kiosk, declined and unknown transactions', async () => {
    const card = await paidTransaction();
    expect((await post('/api/acceptance/void_refund/refund', { transaction_id: card.id, amount_cents: 25_001 })).status).toBe(400);
    expect((await post('/api/acceptance/void_refund/refund', { transaction_id: card.id, amount_cents: 100 }, {})).status).toBe(401);
    const kiosk = await paidTransaction([integrations.kiosk]);
    await paymob.sendCallback({ merchantOrderId: kiosk.order.merchant_order_id!, outcome: 'success' });
    const kioskRefund = await post('/api/acceptance/void_refund/refund', { transaction_id: kiosk.id, amount_cents: 100 });
    expect(kioskRefund.body.detail).toMatch(/kiosk/i);
    const declinedIntention = await createIntention();
    await press(declinedIntention.client_secret, 'decline');
    const declined = paymob.transactions().at(-1)!;
    expect((await post('/api/acceptance/void_refund/refund', { transaction_id: declined.id, amount_cents: 100 })).body.detail).toMatch(/not successful/);
    expect((await post('/api/acceptance/void_refund/refund', { transaction_id: 1, amount_cents: 100 })).status).toBe(400);
    expect(paymob.transactions().filter((t) => t.is_refund)).toHaveLength(0);
  });
});
