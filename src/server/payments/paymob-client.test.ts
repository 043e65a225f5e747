// PaymobClient against the local Paymob (tests/local-paymob), which speaks Paymob's documented
// contract over HTTP: what the client sends is checked by that server's validation, and what it
// reads back is what the contract says Paymob answers.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startLocalPaymob, type LocalPaymob } from '../../../tests/local-paymob/server.js';
import { intentionItems, PaymobClient, PaymobError, type CreateIntentionInput } from './paymob-client.js';
import { verifyProcessedCallback, verifyRedirect } from './paymob-hmac.js';
import { startCallbackReceiver, type CallbackReceiver } from './test-paymob-support.js';

const keys = { secretKey: 'egy_sk_test_client0001', publicKey: 'egy_pk_test_client0001', apiKey: 'api-key-client-0001', hmacSecret: 'CLIENT-HMAC-SECRET' };
const card = 4123456;
const kiosk = 4123458;
let paymob: LocalPaymob;
let receiver: CallbackReceiver;
let client: PaymobClient;
let refs = 0;

beforeAll(async () => {
  receiver = await startCallbackReceiver();
  paymob = await startLocalPaymob({ ...keys, integrations: { card, kiosk } });
  client = new PaymobClient({ apiUrl: `${paymob.url}/`, secretKey: keys.secretKey, publicKey: keys.publicKey, apiKey: keys.apiKey });
});
afterAll(async () => {
  await paymob.close();
  await receiver.close();
});
afterEach(() => {
  vi.useRealTimers();
  paymob.reset();
  receiver.received.length = 0;
});

function order(overrides: Partial<CreateIntentionInput> = {}): CreateIntentionInput {
  return {
    amountCents: 25_000,
    integrationIds: [card],
    items: [
      { name: 'Oud candle', amountCents: 10_000, quantity: 2, description: '200 g' },
      { name: 'Delivery', amountCents: 5_000, quantity: 1 },
    ],
    billing: {
      firstName: 'Mona',
      lastName: 'Said',
      email: 'mona@example.test',
      phone: '+201001234567',
      city: 'Giza',
      state: 'Giza',
      street: '',
      country: 'EG',
    },
    specialReference: `NSM-${++refs}-test`,
    notificationUrl: receiver.url,
    redirectionUrl: 'http://shop.test/payments/paymob/return',
    ...overrides,
  };
}

/** The shopper opens the checkout address the client built and presses a button there. */
async function shopperPresses(checkoutUrl: string, action: 'pay' | 'decline') {
  const page = await fetch(checkoutUrl);
  expect(page.status).toBe(200);
  const url = new URL(checkoutUrl);
  const form = new URLSearchParams({ publicKey: url.searchParams.get('publicKey') ?? '', clientSecret: url.searchParams.get('clientSecret') ?? '', action });
  return fetch(new URL('/unifiedcheckout/pay', url), { method: 'POST', body: form, redirect: 'manual' });
}

/** Rejects with what `work` threw, as a PaymobError. */
async function paymobError(work: Promise<unknown>): Promise<PaymobError> {
  const err = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PaymobError);
  return err as PaymobError;
}

describe('intentionItems', () => {
  it('sends unit amounts when amount × quantity adds up to the total', () => {
    expect(intentionItems(order())).toEqual([
      { name: 'Oud candle', amount: 10_000, quantity: 2, description: '200 g' },
      { name: 'Delivery', amount: 5_000, quantity: 1 },
    ]);
  });

  it('sends one line with the total when the lines do not add up, have no lines, or carry a fraction', () => {
    const one = (amount: number, ref: string) => [{ name: `Order ${ref}`, amount, quantity: 1 }];
    expect(intentionItems({ ...order(), amountCents: 24_000, specialReference: 'NSM-9' })).toEqual(one(24_000, 'NSM-9'));
    expect(intentionItems({ ...order(), items: [], specialReference: 'NSM-9' })).toEqual(one(25_000, 'NSM-9'));
    const third = { name: 'Third', amountCents: 8_333.33, quantity: 3 };
    expect(intentionItems({ amountCents: 25_000, items: [third], specialReference: 'NSM-9' })).toEqual(one(25_000, 'NSM-9'));
  });
});

describe('createIntention and checkoutUrl', () => {
  it('creates the intention Paymob expects and gives the checkout address', async () => {
    const input = order({ expirationSeconds: 1800, extras: { orderId: 42 } });
    const created = await client.createIntention(input);
    expect(created.intentionId).toMatch(/^pi_test_/);
    expect(created.clientSecret).toMatch(/^egy_csk_test_/);
    const [stored] = paymob.intentions();
    expect(stored).toMatchObject({
      id: created.intentionId,
      orderId: created.paymobOrderId,
      amount: 25_000,
      currency: 'EGP',
      specialReference: input.specialReference,
      notificationUrl: receiver.url,
      redirectionUrl: input.redirectionUrl,
      expiration: 1800,
      extras: { orderId: 42 },
      billing: { first_name: 'Mona', last_name: 'Said', phone_number: '+201001234567', street: 'NA', city: 'Giza', country: 'EG' },
    });
    expect(stored?.items.map((i) => [i.name, i.amount, i.quantity])).toEqual([
      ['Oud candle', 10_000, 2],
      ['Delivery', 5_000, 1],
    ]);
    const url = new URL(client.checkoutUrl(created.clientSecret));
    expect(`${url.origin}${url.pathname}`).toBe(`${paymob.url}/unifiedcheckout/`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ publicKey: keys.publicKey, clientSecret: created.clientSecret });
    expect(await (await fetch(url)).text()).toContain('250.00');
  });

  it('URL-encodes the client secret', () => {
    expect(client.checkoutUrl('a&b=c d')).toBe(`${paymob.url}/unifiedcheckout/?publicKey=${keys.publicKey}&clientSecret=a%26b%3Dc+d`);
  });

  it('collapses lines that do not add up (a discount) into one, which Paymob accepts', async () => {
    const input = order({ amountCents: 22_500 });
    await client.createIntention(input);
    expect(paymob.intentions()[0]?.items).toEqual([{ name: `Order ${input.specialReference}`, amount: 22_500, quantity: 1, description: null, image: null }]);
  });

  it("reports Paymob's refusal with its detail: an unknown integration, a reference used twice", async () => {
    const unknown = await paymobError(client.createIntention(order({ integrationIds: [999] })));
    expect(unknown).toMatchObject({ status: 404, detail: expect.stringContaining('Integration ID/Name does not exist') });
    expect(unknown.message).toMatch(/create intention/);
    const input = order();
    await client.createIntention(input);
    expect((await paymobError(client.createIntention(input))).status).toBe(400);
  });

  it('refuses an amount that is not a positive whole number of piastres before asking Paymob', async () => {
    await expect(client.createIntention(order({ amountCents: 250.5 }))).rejects.toThrow(RangeError);
    expect(paymob.intentions()).toHaveLength(0);
  });
});

describe('a payment, read back by inquiry', () => {
  it('pays at the checkout; the callback, the redirect and the inquiry agree', async () => {
    const input = order();
    const created = await client.createIntention(input);
    const back = await shopperPresses(client.checkoutUrl(created.clientSecret), 'pay');
    const callback = verifyProcessedCallback(receiver.received[0]?.body, receiver.received[0]?.hmac, keys.hmacSecret);
    expect(callback).toMatchObject({ success: true, amountCents: 25_000, merchantOrderId: input.specialReference, paymobOrderId: created.paymobOrderId });
    const redirect = verifyRedirect(Object.fromEntries(new URL(back.headers.get('location') ?? '').searchParams), keys.hmacSecret);
    expect(redirect).toMatchObject({ transactionId: callback?.id, merchantOrderId: input.specialReference });
    expect(await client.inquire({ merchantOrderId: input.specialReference })).toEqual(callback);
  });

  it('answers null for an order with no transaction yet', async () => {
    const input = order();
    await client.createIntention(input);
    expect(await client.inquire({ merchantOrderId: input.specialReference })).toBeNull();
    expect(await client.inquire({ merchantOrderId: 'NSM-nobody' })).toBeNull();
  });

  it('reads a pending kiosk payment with its bill reference', async () => {
    const input = order({ integrationIds: [kiosk] });
    const created = await client.createIntention(input);
    await shopperPresses(client.checkoutUrl(created.clientSecret), 'pay');
    expect(await client.inquire({ merchantOrderId: input.specialReference })).toMatchObject({
      success: false,
      pending: true,
      sourceType: 'aggregator',
      billReference: expect.stringMatching(/^\d+$/),
    });
  });

  it('keeps one auth token, takes a new one after a 401 and after 50 minutes', async () => {
    const fresh = new PaymobClient({ ...keys, apiUrl: paymob.url });
    const input = order();
    await fresh.createIntention(input);
    await Promise.all([fresh.inquire({ merchantOrderId: input.specialReference }), fresh.inquire({ merchantOrderId: input.specialReference })]);
    await fresh.inquire({ merchantOrderId: input.specialReference });
    expect(paymob.authTokensIssued()).toBe(1);
    paymob.expireTokens();
    expect(await fresh.inquire({ merchantOrderId: input.specialReference })).toBeNull();
    expect(paymob.authTokensIssued()).toBe(2);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 51 * 60_000);
    await fresh.inquire({ merchantOrderId: input.specialReference });
    expect(paymob.authTokensIssued()).toBe(3);
  });

  it('reports a wrong API key as a refused auth token, without the key', async () => {
    const wrong = new PaymobClient({ ...keys, apiKey: 'api-key-wrong-123', apiUrl: paymob.url });
    const err = await paymobError(wrong.inquire({ merchantOrderId: 'NSM-1' }));
    expect(err).toMatchObject({ status: 401, message: expect.stringMatching(/auth token/) });
    expect(`${err.message} ${err.detail} ${err.stack}`).not.toContain('api-key-wrong-123');
  });
});

describe('refund', () => {
  async function paid() {
    const input = order();
    const created = await client.createIntention(input);
    await shopperPresses(client.checkoutUrl(created.clientSecret), 'pay');
    return (await client.inquire({ merchantOrderId: input.specialReference }))!;
  }

  it('refunds part of a payment and answers the child transaction', async () => {
    const parent = await paid();
    const child = await client.refund(parent.id, 10_000);
    expect(child).toMatchObject({ isRefund: true, hasParentTransaction: true, parentTransaction: parent.id, amountCents: 10_000, success: true });
    expect(await client.inquire({ merchantOrderId: parent.merchantOrderId ?? '' })).toMatchObject({
      id: parent.id,
      isRefunded: true,
      refundedAmountCents: 10_000,
    });
    await paymob.idle();
  });

  it('reads the legacy wrapped answer {type, obj} the same way', async () => {
    const parent = await paid();
    const wrapping: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      if (!String(input).endsWith('/void_refund/refund')) return res;
      return new Response(JSON.stringify({ type: 'TRANSACTION', obj: await res.json() }), { status: res.status });
    };
    const wrapped = new PaymobClient({ ...keys, apiUrl: paymob.url, fetch: wrapping });
    expect(await wrapped.refund(parent.id, 500)).toMatchObject({ isRefund: true, parentTransaction: parent.id, amountCents: 500 });
    await paymob.idle();
  });

  it("refuses more than what is left, with Paymob's detail", async () => {
    const parent = await paid();
    const err = await paymobError(client.refund(parent.id, 25_001));
    expect(err).toMatchObject({ status: 400, detail: expect.stringMatching(/exceeds/), message: expect.stringMatching(/refund/) });
  });

  it('reports a wrong secret key as a 401 whose message and detail hold no key', async () => {
    const wrong = new PaymobClient({ ...keys, secretKey: 'egy_sk_test_wrong_key', apiUrl: paymob.url });
    const err = await paymobError(wrong.refund(1, 100));
    expect(err.status).toBe(401);
    expect(`${err.message} ${err.detail}`).not.toContain('egy_sk_test_wrong_key');
  });
});

describe('errors', () => {
  it('redacts a key that an answer echoes back', async () => {
    const echo: typeof fetch = async (_input, init) =>
      new Response(JSON.stringify({ detail: `Bad header ${new Headers(init?.headers).get('authorization')}` }), { status: 400 });
    const err = await paymobError(new PaymobClient({ ...keys, apiUrl: paymob.url, fetch: echo }).createIntention(order()));
    expect(err.detail).toBe('Bad header Token [redacted]');
  });

  it('times out a Paymob that does not answer', async () => {
    const silent = http.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const slow = new PaymobClient({ ...keys, apiUrl: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`, timeoutMs: 200 });
      expect(await paymobError(slow.refund(1, 100))).toMatchObject({ status: null, message: 'Paymob refund timed out after 200 ms' });
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });

  it('reports an address where nothing listens, and an answer that is not JSON', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const nowhere = new PaymobClient({ ...keys, apiUrl: `http://127.0.0.1:${port}` });
    expect(await paymobError(nowhere.createIntention(order()))).toMatchObject({ status: null, detail: 'ECONNREFUSED' });
    const html: typeof fetch = async () => new Response('<html>Bad gateway</html>', { status: 200 });
    const garbled = new PaymobClient({ ...keys, apiUrl: paymob.url, fetch: html });
    expect(await paymobError(garbled.refund(1, 100))).toMatchObject({ status: 200, message: expect.stringMatching(/not JSON|other than JSON/) });
    const shapeless: typeof fetch = async () => new Response(JSON.stringify({ id: 'x' }), { status: 200 });
    expect((await paymobError(new PaymobClient({ ...keys, apiUrl: paymob.url, fetch: shapeless }).refund(1, 100))).message).toMatch(/other than a transaction/);
  });
});
