// The local Paymob's Unified Checkout pages (docs/contracts/paymob.md §2): small, readable HTML a
// browser test drives by its labels ("Pay", "Decline"), with no script.
import type { Intention, Method, TransactionObject } from './model.js';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const money = (cents: number) => new Intl.NumberFormat('en-EG', { style: 'currency', currency: 'EGP' }).format(cents / 100);

const methodNames: Record<Method, string> = {
  card: 'Card (test MasterCard ending 2346)',
  wallet: 'Mobile wallet (01010101010)',
  kiosk: 'Cash at a kiosk (Aman, Masary)',
};

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${escape(title)} · Paymob test checkout</title>
<style>
  body { font: 16px/1.5 system-ui, sans-serif; color: #1d2a1f; background: #f7f4ec; margin: 0; }
  main { max-width: 32rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 0.75rem; }
  h1 { font-size: 1.5rem; margin: 0 0 1rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 0.25rem 1rem; }
  dt { font-weight: 600; }
  fieldset { border: 1px solid #8a8a7a; border-radius: 0.5rem; margin: 1rem 0; }
  .actions { display: flex; gap: 0.75rem; }
  button, a.button { font: inherit; padding: 0.6rem 1.2rem; border-radius: 0.5rem; border: 2px solid #1d2a1f; cursor: pointer; }
  button[value="pay"] { background: #1d2a1f; color: #fff; }
  button[value="decline"] { background: #fff; color: #1d2a1f; }
  .reference { font-size: 2rem; font-weight: 700; letter-spacing: 0.1em; }
</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

function summary(intention: Intention): string {
  return `<dl>
  <dt>Amount</dt><dd data-testid="amount">${escape(money(intention.amount))}</dd>
  <dt>Merchant reference</dt><dd data-testid="reference">${escape(intention.specialReference ?? '—')}</dd>
</dl>`;
}

/** The checkout: amount, reference, a choice of the intention's methods, and "Pay" / "Decline". */
export function checkoutPage(intention: Intention, publicKey: string): string {
  const choices = intention.methods
    .map(
      (m, i) =>
        `<div><input type="radio" id="method-${m.method}" name="method" value="${m.method}"${i === 0 ? ' checked' : ''}>` +
        ` <label for="method-${m.method}">${escape(methodNames[m.method])}</label></div>`,
    )
    .join('\n');
  return page(
    'Pay',
    `<h1>Pay ${escape(money(intention.amount))}</h1>
${summary(intention)}
<form method="post" action="/unifiedcheckout/pay">
<input type="hidden" name="publicKey" value="${escape(publicKey)}">
<input type="hidden" name="clientSecret" value="${escape(intention.clientSecret)}">
<fieldset>
<legend>Payment method</legend>
${choices}
</fieldset>
<div class="actions">
<button type="submit" name="action" value="pay">Pay</button>
<button type="submit" name="action" value="decline">Decline</button>
</div>
</form>`,
  );
}

/** A kiosk payment waiting for cash: the reference the shopper gives at the kiosk. */
export function kioskPage(intention: Intention, tx: TransactionObject, returnUrl: string | null): string {
  const back = returnUrl ? `<p><a class="button" href="${escape(returnUrl)}">Return to the shop</a></p>` : '';
  return page(
    'Kiosk reference',
    `<h1>Pay at a kiosk</h1>
${summary(intention)}
<p>Give this reference at any Aman or Masary kiosk and pay in cash:</p>
<p class="reference" data-testid="bill-reference">${escape(String(tx.data.bill_reference))}</p>
${back}`,
  );
}

/** What the shopper sees when the intention has no redirection_url. */
export function resultPage(intention: Intention, tx: TransactionObject): string {
  const outcome = tx.success ? 'Payment accepted' : 'Payment declined';
  return page(outcome, `<h1>${outcome}</h1>\n${summary(intention)}\n<p>Transaction ${tx.id}.</p>`);
}

/** An intention already paid: nothing more to pay. */
export function paidPage(intention: Intention): string {
  return page('Already paid', `<h1>This payment is complete</h1>\n${summary(intention)}`);
}

export function notFoundPage(): string {
  return page('Not found', '<h1>Payment not found</h1>\n<p>This payment link is not valid.</p>');
}
