import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type SendMailOptions } from 'nodemailer';

/** One message, ready to go: the outbox job builds it from an `emails` row. */
export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Stable per message (the row's id), so a receiver can tell a resend from a new message. */
  messageId: string;
  headers: Record<string, string>;
}

export interface MailTransport {
  /** For the start-up lines: where mail goes. */
  describe: string;
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** SMTP when `smtpUrl` is set (nodemailer), else .eml files in `outboxDir` (the offline default). */
export function mailTransport(smtpUrl: string | null, outboxDir: string): MailTransport {
  return smtpUrl ? smtpTransport(smtpUrl) : outboxTransport(outboxDir);
}

function smtpTransport(smtpUrl: string): MailTransport {
  // Short timeouts: a server that hangs costs one attempt, and the job tries again later.
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    describe: describeMail(smtpUrl, ''),
    async send(mail) {
      await transporter.sendMail(nodemailerMessage(mail));
    },
    close: () => transporter.close(),
  };
}

function outboxTransport(outboxDir: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    describe: describeMail(null, outboxDir),
    async send(mail) {
      const info = await transporter.sendMail(nodemailerMessage(mail));
      await mkdir(outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.messageId.replace(/[^\w.-]/g, '')}.eml`;
      // Written whole, then renamed: a reader never sees half a message.
      const temporary = path.join(outboxDir, `.${name}.tmp`);
      await writeFile(temporary, info.message as Buffer);
      await rename(temporary, path.join(outboxDir, name));
    },
    close: () => transporter.close(),
  };
}

/** Where mail goes, for the start-up lines; never the SMTP URL's password. */
export function describeMail(smtpUrl: string | null, outboxDir: string): string {
  if (!smtpUrl) return `written to ${outboxDir} as .eml files (set SMTP_URL to send)`;
  return `SMTP at ${new URL(smtpUrl).host}`;
}

function nodemailerMessage(mail: OutgoingMail): SendMailOptions {
  return {
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    messageId: mail.messageId,
    headers: mail.headers,
  };
}
