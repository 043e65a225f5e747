// Test support for the Paymob modules: Paymob's documented sample (the one complete HMAC vector,
// docs/contracts/paymob.md §5) and a receiver standing in for the shop's callback endpoint.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// docs/contracts/paymob.md §5: Paymob's own processed-callback sample, the secret published with
// it in public tests, and the HMAC Paymob's docs print for it.
export const secret = '04DC1A9490B8CC2094C011FC055ADCDB';
export const documentedHmac =
  'fa8ac0b7f3852e60c50e7fdd4ea5ef0bda96030c19dea1d55df8c76d6c08ab1877774662cbb04981dc84839ad4da560bcc8cb53b8973548657f7e8f8d2e79930';
export const documentedString =
  '1000002024-06-13T11:33:44.592345EGPfalsefalse1920364654097558truefalsefalsefalsetruefalse217503754302852false2346MasterCardcardtrue';

/** Paymob's documented processed-callback `obj` (docs/contracts/paymob.md §3), a fresh copy each call. */
export function documentedObj(): Record<string, unknown> {
  return {
    id: 192036465,
    pending: false,
    amount_cents: 100000,
    success: true,
    is_auth: false,
    is_capture: false,
    is_standalone_payment: true,
    is_voided: false,
    is_refunded: false,
    is_3d_secure: true,
    integration_id: 4097558,
    profile_id: 164295,
    has_parent_transaction: false,
    order: {
      id: 217503754,
      created_at: '2024-06-13T11:32:09.628623',
      delivery_needed: false,
      merchant: { id: 164295 },
      collector: null,
      amount_cents: 100000,
      currency: 'EGP',
      is_payment_locked: false,
      merchant_order_id: null,
      wallet_notification: null,
      paid_amount_cents: 100000,
      items: [],
      payment_method: 'tbc',
      api_source: 'OTHER',
      data: {},
    },
    created_at: '2024-06-13T11:33:44.592345',
    transaction_processed_callback_responses: [],
    currency: 'EGP',
    source_data: { pan: '2346', type: 'card', tenure: null, sub_type: 'MasterCard' },
    api_source: 'IFRAME',
    terminal_id: null,
    merchant_commission: null,
    installment: null,
    discount_details: [],
    is_void: false,
    is_refund: false,
    data: { klass: 'MigsPayment', txn_response_code: 'APPROVED', acq_response_code: '00', message: 'Approved', card_num: '512345xxxxxx2346' },
    is_hidden: false,
    payment_key_claims: { extra: {}, order_id: 217503754, amount_cents: 100000, next_payment_intention: 'pi_test_d04d1a84962b47929b2dc164a04268bc' },
    error_occured: false,
    is_live: false,
    other_endpoint_reference: null,
    refunded_amount_cents: null,
    source_id: -1,
    is_captured: false,
    captured_amount: null,
    merchant_staff_tag: null,
    updated_at: '2024-06-13T11:34:07.272638',
    is_settled: false,
    bill_balanced: false,
    is_bill: false,
    owner: 302852,
    parent_transaction: null,
  };
}

/** A processed callback's JSON body around `obj`. */
export const callbackBody = (obj: Record<string, unknown>) => ({ type: 'TRANSACTION', obj, issuer_bank: null, transaction_processed_callback_responses: '' });

/** The documented sample as a response callback's flat query (values already text). */
export function documentedQuery() {
  return {
    id: '192036465',
    pending: 'false',
    amount_cents: '100000',
    success: 'true',
    is_auth: 'false',
    is_capture: 'false',
    is_standalone_payment: 'true',
    is_voided: 'false',
    is_refunded: 'false',
    is_3d_secure: 'true',
    integration_id: '4097558',
    profile_id: '164295',
    has_parent_transaction: 'false',
    order: '217503754',
    created_at: '2024-06-13T11:33:44.592345',
    currency: 'EGP',
    error_occured: 'false',
    owner: '302852',
    'data.message': 'Approved',
    'source_data.type': 'card',
    'source_data.pan': '2346',
    'source_data.sub_type': 'MasterCard',
    txn_response_code: 'APPROVED',
    hmac: documentedHmac,
  };
}

/** A processed callback as it arrived: its `?hmac=` and JSON body. */
export interface ReceivedCallback {
  hmac: string | undefined;
  body: unknown;
}

export interface CallbackReceiver {
  /** `http://127.0.0.1:<port>/paymob/callback`: an intention's notification_url. */
  url: string;
  received: ReceivedCallback[];
  /** The status answered from now on (200 by default). */
  answer(status: number): void;
  close(): Promise<void>;
}

/** A plain HTTP endpoint that records the callbacks POSTed to it, as the shop's route would receive them. */
export async function startCallbackReceiver(): Promise<CallbackReceiver> {
  const received: ReceivedCallback[] = [];
  let status = 200;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://receiver');
      let body: unknown = null;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        body = null;
      }
      received.push({ hmac: url.searchParams.get('hmac') ?? undefined, body });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/paymob/callback`,
    received,
    answer: (next) => void (status = next),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
