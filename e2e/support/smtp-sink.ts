import { createServer } from 'node:http';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { E2E_SMTP_LIST_PORT, E2E_SMTP_PORT } from './env.ts';

/** A real SMTP server for the end-to-end run: it keeps every message and lists them as JSON over HTTP. */
const received: { to: string; subject: string; text: string }[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream).then(
      (mail) => {
        const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : (mail.to?.text ?? '');
        received.push({ to, subject: mail.subject ?? '', text: mail.text ?? '' });
        callback();
      },
      (error: Error) => callback(error),
    );
  },
});
smtp.listen(E2E_SMTP_PORT, '127.0.0.1');

createServer((_request, response) => {
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify(received));
}).listen(E2E_SMTP_LIST_PORT, '127.0.0.1');
