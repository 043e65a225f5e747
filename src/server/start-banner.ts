import type { Config } from './config.js';
import type { AdminOutcome } from './db/seed/index.js';

/**
 * What a start prints last, in a box (issue 35): where the shop is, where and how to sign in as the
 * admin, and what is not set up yet with the variable that sets it. Everything before it (the
 * build, the log lines) may scroll away; these lines are what a merchant reads.
 */
export function startBanner(config: Pick<Config, 'shopName' | 'port' | 'host' | 'publicUrl' | 'smtpUrl' | 'paymob'>, admin: AdminOutcome): string {
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const local = `http://${host}:${config.port}`;
  const address = config.publicUrl ?? local;
  const lines: string[] = [`${config.shopName} is open at ${address}`];
  if (config.publicUrl) lines.push(`  (on this machine: ${local})`);
  lines.push('', `Admin area:  ${address}/admin`);
  if (admin.kind === 'generated') {
    lines.push(`Admin e-mail:    ${admin.email}`, `Admin password:  ${admin.password}`, '  (shown this once: keep it, or set ADMIN_PASSWORD to choose one)');
  } else if (admin.kind === 'configured') lines.push(`Admin e-mail:    ${admin.email}`, 'Admin password:  the one in ADMIN_PASSWORD');
  else if (admin.kind === 'existing')
    lines.push(
      `Admin e-mail:    ${admin.email}`,
      'Admin password:  printed at the first start',
      `  (forgotten? restart with ADMIN_EMAIL=${admin.email} ADMIN_PASSWORD=...)`,
    );

  // Each warning: what is missing, then what to set, in lines that fit an 80-column terminal.
  const warnings: string[][] = [];
  if (!config.smtpUrl)
    warnings.push([
      'No e-mail leaves this shop: SMTP_URL is not set. Orders, sign-ups and',
      'new-order notices wait in Admin -> Messages sent. To send them, set',
      'SMTP_URL=smtp://user:password@host:587',
    ]);
  if (!config.publicUrl) warnings.push([`Links in e-mails and feeds name ${local}.`, 'Set PUBLIC_URL=https://your-shop.example (the address shoppers use).']);
  if (!config.paymob) warnings.push(['Cash on delivery only: set the PAYMOB_* variables (README) to take cards.']);
  if (warnings.length) lines.push('', 'Not set up yet:', ...warnings.flatMap(([first, ...rest]) => [`- ${first}`, ...rest.map((line) => `  ${line}`)]));

  const width = Math.max(...lines.map((line) => line.length));
  const rule = '─'.repeat(width + 2);
  return ['', `┌${rule}┐`, ...lines.map((line) => `│ ${line.padEnd(width)} │`), `└${rule}┘`, ''].join('\n');
}
