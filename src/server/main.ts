import { loadConfig } from './config.js';
import { buildApp } from './app.js';

const config = loadConfig();
const { app, admin } = await buildApp(config, { logger: true });

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: no new connections; finishing in-flight requests, then closing the database`);
    // app.close() stops listening, closes idle keep-alive connections at once and tells busy ones
    // "Connection: close" with their last answer (app.ts). A request still running after 8 s is
    // cut so the process exits within 10 s as a supervisor expects; a close that hangs still ends.
    const cut = setTimeout(() => app.server.closeAllConnections(), 8_000).unref();
    setTimeout(() => process.exit(1), 10_000).unref();
    app.close().then(
      () => {
        clearTimeout(cut);
        process.exit(0);
      },
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
