import net from 'node:net';
import v8 from 'node:v8';
import pino from 'pino';
import { loadConfigOrExit } from './config.js';
import { buildApp } from './app.js';
import { startBanner } from './start-banner.js';

// The old generation may grow to 1.5 times what its last full collection kept, not V8's default of
// up to four times (decision 020): at 100,000 products about 300-450 MB stay alive, and serving
// distinct product pages took the heap from 280 MB to over 1 GB before V8 collected it. V8 reads
// this flag each time it sets the next collection's limit, so it holds when set here, at run time;
// unlike a fixed --max-old-space-size, a larger catalogue gets a larger heap instead of a crash.
v8.setFlagsFromString('--heap-growing-percent=50');

const config = loadConfigOrExit();
const { app, admin, startDraining } = await buildApp(config, { logger: true });

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    const drainMs = config.shutdownDrainMs;
    app.log.info(`${signal}: draining for ${drainMs} ms, then no new connections; finishing in-flight requests, then closing the database`);
    // 1. Drain (SHUTDOWN_DRAIN_MS, for a balancer): the port still accepts, /api/health answers 503
    //    'draining' so the balancer stops sending new requests here, and every answer from now on
    //    carries "Connection: close" so keep-alive clients go away.
    // 2. Stop accepting: a new connection is refused before anything is sent. Only the listening
    //    socket closes; connections already accepted keep going (http's own close() would destroy
    //    those that have not yet delivered their first request, resetting requests already sent).
    //    Without a drain the port closes first, so keep-alive clients are not sent to open new
    //    connections while it is closing.
    // 3. After a moment for accepted connections to deliver their requests, close the app: idle
    //    connections end, in-flight requests finish, then the database closes. A request still
    //    running 8 s after the port closed is cut; the process exits within 10 s of the signal.
    setTimeout(() => process.exit(1), 9_800).unref();
    const stopAccepting = () => {
      net.Server.prototype.close.call(app.server);
      startDraining();
      const cut = setTimeout(() => app.server.closeAllConnections(), 9_000 - drainMs).unref();
      setTimeout(() => {
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
      }, 1_000);
    };
    if (drainMs === 0) return stopAccepting();
    startDraining();
    setTimeout(stopAccepting, drainMs);
  });
}

await app.listen({ port: config.port, host: config.host });
// Last, after the log lines: where the shop is, how to sign in, what is not set up (start-banner.ts).
// Written to the logger's own stream, which writes behind console.log: after its lines, in order.
const logStream = (app.log as unknown as Record<symbol, { write(text: string): unknown } | undefined>)[pino.symbols.streamSym];
(logStream ?? process.stdout).write(`${startBanner(config, admin)}\n`);
