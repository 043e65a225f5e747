// A real SMTP server for the browser tests (issue 16): the shop sends its e-mails here over SMTP,
// and the tests read what arrived over HTTP: GET /messages?to=<address> answers the parsed
// messages to that address, oldest first. Started by playwright.config.ts beside the shop.
import http from 'node:http';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

const smtpPort = Number(process.env.MAIL_SINK_SMTP_PORT ?? 4318);
const httpPort = Number(process.env.MAIL_SINK_HTTP_PORT ?? 4319);
/** @type {Array<{ to: string[]; from: string; subject: string; html: string; text: string; listUnsubscribe: string; listUnsubscribePost: string; receivedAt: string }>} */
const messages = [];

/** A header's value as sent (mailparser folds the List-* headers into objects of its own). */
const rawHeader = (mail, key) => (mail.headerLines.find((h) => h.key === key)?.line ?? '').replace(/^[^:]*:\s*/, '');

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    simpleParser(stream).then(
      (mail) => {
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          subject: mail.subject ?? '',
          html: typeof mail.html === 'string' ? mail.html : '',
          text: mail.text ?? '',
          // An alert's one-click unsubscribe (RFC 8058), as the mail client sees it.
          listUnsubscribe: rawHeader(mail, 'list-unsubscribe'),
          listUnsubscribePost: rawHeader(mail, 'list-unsubscribe-post'),
          receivedAt: new Date().toISOString(),
        });
        callback();
      },
      (err) => callback(err),
    );
  },
});
smtp.listen(smtpPort, '127.0.0.1');

http
  .createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://sink');
    if (url.pathname === '/health') return void res.end('ok');
    if (url.pathname !== '/messages') return void res.writeHead(404).end();
    const to = url.searchParams.get('to')?.toLowerCase();
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(messages.filter((m) => !to || m.to.includes(to))));
  })
  .listen(httpPort, '127.0.0.1');

const stop = () => {
  smtp.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 1000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
