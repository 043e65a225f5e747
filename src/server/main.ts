import { loadConfig } from './config.js';
import { buildApp } from './app.js';

const config = loadConfig();
const { app, admin } = await buildApp(config, { logger: true });

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing in-flight requests, then closing the database`);
    // A request that hangs must not keep the process alive forever.
    setTimeout(() => process.exit(1), 10_000).unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error(err);
        process.exit(1);
      },
    );
  });
}

await app.listen({ port: config.port, host: config.host });
const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
const lines = [`\n  ${config.shopName} is open at http://${shown}:${config.port}`];
if (admin.kind === 'generated') lines.push(`  Admin sign-in: ${admin.email} / ${admin.password}  (shown once; set ADMIN_PASSWORD to choose it)`);
else if (admin.kind === 'configured') lines.push(`  Admin sign-in: ${admin.email} with ADMIN_PASSWORD`);
else if (admin.kind === 'existing')
  lines.push(`  Admin sign-in: ${admin.email} (password printed at first start; ADMIN_EMAIL=${admin.email} ADMIN_PASSWORD=... resets it)`);
lines.push(`  Admin area: http://${shown}:${config.port}/admin\n`);
console.log(lines.join('\n'));
