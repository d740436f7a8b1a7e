import { createServer } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A free local port, for a sink that must come back on the same one. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * A real SMTP server in the test process (smtp-server): every message it accepts is parsed (mailparser) and
 * kept. It can be stopped and started again on the same port, and made to hold a message without answering
 * (the sender waits for "250 OK" that never comes), as a server that dies mid-message.
 */
export async function startSmtpSink() {
  const port = await freePort();
  const received: ParsedMail[] = [];
  let holding = false;
  let held = 0;
  let server: SMTPServer | null = null;

  const start = async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          if (holding) {
            held += 1;
            return; // Never answered: the message is not accepted.
          }
          simpleParser(Buffer.concat(chunks)).then(
            (mail) => {
              received.push(mail);
              callback();
            },
            (error: Error) => callback(error),
          );
        });
      },
    });
    server.on('error', () => {}); // A sender killed mid-message resets its connection.
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
  };
  await start();

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Messages taken in but never answered while holding. */
    held: () => held,
    hold(on: boolean) {
      holding = on;
    },
    start,
    async stop() {
      const running = server;
      server = null;
      if (running) await new Promise<void>((resolve) => running.close(() => resolve()));
    },
  };
}
export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;
