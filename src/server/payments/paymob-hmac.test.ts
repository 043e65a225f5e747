import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseTransaction, redirectHmac, signedFields, transactionHmac, verifyProcessedCallback, verifyRedirect } from './paymob-hmac.js';
import { callbackBody as body, documentedHmac, documentedObj, documentedQuery, documentedString, secret } from './test-paymob-support.js';

describe('Paymob HMAC: the documented vector', () => {
  it('lists the 20 signed fields in the documented order', () => {
    expect(signedFields).toHaveLength(20);
    expect([...signedFields].sort()).toEqual([...signedFields]);
  });

  it('concatenates the documented string and signs it to the documented hex', () => {
    // The concatenation is checked through a second, independent HMAC of the documented string.
    expect(createHmac('sha512', secret).update(documentedString).digest('hex')).toBe(documentedHmac);
    expect(transactionHmac(documentedObj(), secret)).toBe(documentedHmac);
  });

  it('verifies the documented callback and normalises its transaction', () => {
    const tx = verifyProcessedCallback(body(documentedObj()), documentedHmac, secret);
    expect(tx).toEqual({
      id: 192036465,
      paymobOrderId: 217503754,
      merchantOrderId: null,
      amountCents: 100000,
      currency: 'EGP',
      success: true,
      pending: false,
      errorOccured: false,
      isRefund: false,
      isVoid: false,
      isRefunded: false,
      isVoided: false,
      refundedAmountCents: null,
      parentTransaction: null,
      hasParentTransaction: false,
      integrationId: 4097558,
      sourceType: 'card',
      sourceSubType: 'MasterCard',
      billReference: null,
      message: 'Approved',
      createdAt: '2024-06-13T11:33:44.592345',
    });
  });

  it('refuses the documented hmac once one character of a signed value changes', () => {
    const obj = documentedObj();
    obj.created_at = '2024-06-13T11:33:44.592346';
    expect(verifyProcessedCallback(body(obj), documentedHmac, secret)).toBeNull();
    const pan = documentedObj();
    pan.source_data = { pan: '2347', type: 'card', sub_type: 'MasterCard' };
    expect(verifyProcessedCallback(body(pan), documentedHmac, secret)).toBeNull();
  });

  it('refuses a one-character change of the hmac itself, and another secret', () => {
    const last = documentedHmac.at(-1) === '0' ? '1' : '0';
    expect(verifyProcessedCallback(body(documentedObj()), documentedHmac.slice(0, -1) + last, secret)).toBeNull();
    expect(verifyProcessedCallback(body(documentedObj()), documentedHmac, secret.toLowerCase())).toBeNull();
  });

  it('ignores a change of a field that is not signed (data.message)', () => {
    const obj = documentedObj();
    obj.data = { message: 'Changed' };
    expect(verifyProcessedCallback(body(obj), documentedHmac, secret)?.message).toBe('Changed');
  });
});

describe('Paymob HMAC: rendering of values', () => {
  it('renders booleans as true/false: flipping success changes the signature', () => {
    const obj = documentedObj();
    obj.success = false;
    expect(transactionHmac(obj, secret)).not.toBe(documentedHmac);
    expect(verifyProcessedCallback(body(obj), transactionHmac(obj, secret), secret)?.success).toBe(false);
  });

  it('signs "true" given as text the same as the boolean (the redirect carries text)', () => {
    const obj = { ...documentedObj(), success: 'true' };
    expect(transactionHmac(obj, secret)).toBe(documentedHmac);
  });

  it('renders null and missing values as empty (a kiosk pan) and takes order as a bare id', () => {
    const kiosk = { ...documentedObj(), order: 217503754, source_data: { pan: null, type: 'aggregator', sub_type: 'AGGREGATOR' } };
    const expected = createHmac('sha512', secret).update(documentedString.replace('2346MasterCardcard', 'AGGREGATORaggregator')).digest('hex');
    expect(transactionHmac(kiosk, secret)).toBe(expected);
    const { owner: _owner, ...noOwner } = documentedObj();
    expect(transactionHmac(noOwner, secret)).toBe(createHmac('sha512', secret).update(documentedString.replace('217503754302852', '217503754')).digest('hex'));
  });
});

describe('verifyProcessedCallback refuses', () => {
  it('an unsigned callback, an empty or malformed hmac', () => {
    expect(verifyProcessedCallback(body(documentedObj()), undefined, secret)).toBeNull();
    expect(verifyProcessedCallback(body(documentedObj()), '', secret)).toBeNull();
    expect(verifyProcessedCallback(body(documentedObj()), documentedHmac.slice(0, 127), secret)).toBeNull();
    expect(verifyProcessedCallback(body(documentedObj()), documentedHmac.slice(0, 127) + 'g', secret)).toBeNull();
  });

  it('another callback type, a missing obj and a transaction with an unreadable field', () => {
    expect(verifyProcessedCallback({ type: 'TOKEN', obj: documentedObj() }, documentedHmac, secret)).toBeNull();
    expect(verifyProcessedCallback({ type: 'TRANSACTION' }, documentedHmac, secret)).toBeNull();
    expect(verifyProcessedCallback('not json', documentedHmac, secret)).toBeNull();
    const obj = { ...documentedObj(), amount_cents: '100000' };
    // Signed identically (text renders as itself), but the amount is not a number: malformed.
    expect(transactionHmac(obj, secret)).toBe(documentedHmac);
    expect(verifyProcessedCallback(body(obj), documentedHmac, secret)).toBeNull();
  });

  it('accepts an upper-case hmac: the same 64 bytes (the decision in sameHmac)', () => {
    expect(verifyProcessedCallback(body(documentedObj()), documentedHmac.toUpperCase(), secret)?.id).toBe(192036465);
  });
});

describe('verifyRedirect', () => {
  it('verifies the documented sample as a query with `order`', () => {
    expect(redirectHmac(documentedQuery(), secret)).toBe(documentedHmac);
    expect(verifyRedirect(documentedQuery(), secret)).toEqual({
      transactionId: 192036465,
      paymobOrderId: 217503754,
      merchantOrderId: null,
      success: true,
      pending: false,
      amountCents: 100000,
    });
  });

  it('verifies the same query with `order_id` instead of `order`', () => {
    const { order, ...rest } = documentedQuery();
    expect(verifyRedirect({ ...rest, order_id: order }, secret)?.paymobOrderId).toBe(217503754);
  });

  it('takes `order` over `order_id` when both are present', () => {
    expect(verifyRedirect({ ...documentedQuery(), order_id: '1' }, secret)?.paymobOrderId).toBe(217503754);
    expect(verifyRedirect({ ...documentedQuery(), order: '1', order_id: '217503754' }, secret)).toBeNull();
  });

  it('reads merchant_order_id, which is not signed', () => {
    expect(verifyRedirect({ ...documentedQuery(), merchant_order_id: 'NSM-1042-a' }, secret)?.merchantOrderId).toBe('NSM-1042-a');
  });

  it('refuses a changed signed value, a missing hmac and a repeated field; accepts an upper-case hmac', () => {
    expect(verifyRedirect({ ...documentedQuery(), success: 'false' }, secret)).toBeNull();
    expect(verifyRedirect({ ...documentedQuery(), amount_cents: '1000' }, secret)).toBeNull();
    expect(verifyRedirect({ ...documentedQuery(), hmac: undefined }, secret)).toBeNull();
    expect(verifyRedirect({ ...documentedQuery(), id: ['192036465', '1'] }, secret)).toBeNull();
    expect(verifyRedirect({ ...documentedQuery(), hmac: [documentedHmac, documentedHmac] }, secret)).toBeNull();
    expect(verifyRedirect({ ...documentedQuery(), hmac: documentedHmac.toUpperCase() }, secret)?.transactionId).toBe(192036465);
  });

  it('refuses a query without any order field, even when signed', () => {
    const { order: _order, ...rest } = documentedQuery();
    expect(verifyRedirect({ ...rest, hmac: redirectHmac(rest, secret) }, secret)).toBeNull();
  });

  it('refuses unreadable values even when correctly signed', () => {
    const query = { ...documentedQuery(), success: 'yes' };
    expect(verifyRedirect({ ...query, hmac: redirectHmac(query, secret) }, secret)).toBeNull();
  });
});

describe('parseTransaction', () => {
  it('reads a kiosk transaction: pending, bill reference, aggregator source', () => {
    const tx = parseTransaction({
      ...documentedObj(),
      success: false,
      pending: true,
      source_data: { type: 'aggregator', sub_type: 'AGGREGATOR', pan: '' },
      data: { klass: 'CAGGPayment', bill_reference: 580, message: 'Pending Payment' },
      order: { id: 5, merchant_order_id: 'NSM-7' },
    });
    expect(tx).toMatchObject({ pending: true, success: false, sourceType: 'aggregator', billReference: '580', merchantOrderId: 'NSM-7' });
  });

  it('reads a refund child and throws on a malformed object', () => {
    const child = parseTransaction({ ...documentedObj(), is_refund: true, has_parent_transaction: true, parent_transaction: 192036465 });
    expect(child).toMatchObject({ isRefund: true, hasParentTransaction: true, parentTransaction: 192036465 });
    expect(() => parseTransaction({ ...documentedObj(), id: 'x' })).toThrow();
  });
});
