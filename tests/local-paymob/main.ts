// The local Paymob as a process, for the browser suite (playwright.config.ts starts it beside the
// shop): configured from the environment, it answers GET /health and is driven over /__control/.
import { startLocalPaymob } from './server.js';
import type { Method } from './model.js';

function required(name: string): string {
  const value = process.env[name];
  if (!value) {
    console.error(`local Paymob: ${name} is required`);
    process.exit(2);
  }
  return value;
}

/** `card=4123456,wallet=4123457,kiosk=4123458` → { card: 4123456, … }. */
function integrations(text: string): Partial<Record<Method, number>> {
  const result: Partial<Record<Method, number>> = {};
  for (const pair of text.split(',').filter(Boolean)) {
    const [name, id] = pair.split('=').map((s) => s.trim());
    if ((name !== 'card' && name !== 'wallet' && name !== 'kiosk') || !id || !/^\d+$/.test(id)) {
      console.error(`local Paymob: PAYMOB_INTEGRATIONS has "${pair}"; expected card=<id>, wallet=<id> or kiosk=<id>`);
      process.exit(2);
    }
    result[name] = Number(id);
  }
  return result;
}

const paymob = await startLocalPaymob({
  port: Number(process.env.LOCAL_PAYMOB_PORT ?? 4320),
  secretKey: required('PAYMOB_SECRET_KEY'),
  publicKey: required('PAYMOB_PUBLIC_KEY'),
  apiKey: required('PAYMOB_API_KEY'),
  hmacSecret: required('PAYMOB_HMAC_SECRET'),
  integrations: integrations(process.env.PAYMOB_INTEGRATIONS ?? 'card=4123456,wallet=4123457,kiosk=4123458'),
});
console.log(`local Paymob listening on ${paymob.url}`);

const stop = () => {
  void paymob.close().then(() => process.exit(0));
  setTimeout(() => process.exit(0), 1000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
