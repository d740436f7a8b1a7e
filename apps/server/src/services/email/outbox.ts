import type { ReactElement } from 'react';
import type { Kysely, Transaction } from 'kysely';
import { render } from '@react-email/render';
import type { MailTransport } from '../../adapters/mail/mail-transport.js';
import type { Database } from '../../db/schema.js';
import { newId } from '../../ids.js';
import { errorText, type JobQueue } from '../../jobs/job-queue.js';
import type { JobHandler } from '../../jobs/worker.js';

export const EMAIL_SEND_JOB = 'email.send';
/** With the queue's back-off (2 s doubling, capped at 5 min) 20 attempts span about an hour and a quarter. */
export const EMAIL_MAX_ATTEMPTS = 20;

export type EmailKind =
  | 'visitor-request'
  | 'address-confirmation'
  | 'plan-ending'
  | 'plan-ended'
  | 'payment-receipt'
  | 'weekly-summary'
  | 'source-failing'
  | 'live-waiting'
  | 'live-reply';

export interface NewEmail {
  kind: EmailKind;
  to: string;
  subject: string;
  body: ReactElement;
  userId?: string | null;
  botId?: string | null;
  /** A message with a key goes once: a second one with the same key is not queued. */
  dedupeKey?: string | null;
  headers?: Record<string, string>;
}

interface OutboxDeps {
  db: Kysely<Database>;
  queue: JobQueue;
  transport: MailTransport;
  from: string;
  /** The host part of Message-IDs. */
  messageHost: string;
  /** Called after a message is queued, so the worker picks it up at once. */
  wake(): void;
}

/**
 * The product's outgoing mail (decision 067). A message is rendered and written with its send job in one
 * transaction (the caller's, when given), so it exists only with the change that caused it; the job sends the
 * row and marks it sent, and a sent row is never sent again.
 */
export function outbox(deps: OutboxDeps) {
  const { db, queue, transport } = deps;

  async function queueIn(
    trx: Transaction<Database>,
    email: NewEmail,
    rendered: Rendered,
  ): Promise<string | null> {
    const id = newId('mail');
    const row = await trx
      .insertInto('emails')
      .values({
        id,
        kind: email.kind,
        to_address: email.to,
        subject: email.subject,
        html: rendered.html,
        text: rendered.text,
        headers: JSON.stringify(email.headers ?? {}),
        user_id: email.userId ?? null,
        bot_id: email.botId ?? null,
        dedupe_key: email.dedupeKey ?? null,
        last_error: null,
        created_at: new Date().toISOString(),
        sent_at: null,
      })
      .onConflict((oc) => oc.column('dedupe_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!row) return null;
    await queue.enqueue(
      EMAIL_SEND_JOB,
      { emailId: id },
      { trx, id: `job-${id}`, maxAttempts: EMAIL_MAX_ATTEMPTS },
    );
    return id;
  }

  const handler: JobHandler<{ emailId: string }> = {
    async run({ emailId }) {
      const row = await db.selectFrom('emails').selectAll().where('id', '=', emailId).executeTakeFirst();
      if (!row || row.status !== 'queued') return;
      try {
        await transport.send({
          from: deps.from,
          to: row.to_address,
          subject: row.subject,
          html: row.html,
          text: row.text,
          messageId: `<${row.id}@${deps.messageHost}>`,
          headers: JSON.parse(row.headers) as Record<string, string>,
        });
      } catch (error) {
        await db
          .updateTable('emails')
          .set((eb) => ({ attempts: eb('attempts', '+', 1), last_error: errorText(error) }))
          .where('id', '=', emailId)
          .execute();
        throw error;
      }
      await db
        .updateTable('emails')
        .set((eb) => ({
          status: 'sent',
          attempts: eb('attempts', '+', 1),
          sent_at: new Date().toISOString(),
          last_error: null,
        }))
        .where('id', '=', emailId)
        .execute();
    },
    async onGiveUp({ emailId }) {
      await db.updateTable('emails').set({ status: 'failed' }).where('id', '=', emailId).execute();
    },
  };

  return {
    describe: transport.describe,
    handler: handler as JobHandler,
    /** Queues a message; returns its id, or null when its dedupe key was used before. */
    async send(email: NewEmail): Promise<string | null> {
      const rendered = await renderMail(email.body);
      const id = await db.transaction().execute((t) => queueIn(t, email, rendered));
      if (id) deps.wake();
      return id;
    },
    /**
     * Renders a message, to be queued in the caller's transaction by `queue` (rendering first keeps the
     * transaction short); the caller wakes the worker once it commits.
     */
    async prepare(email: NewEmail): Promise<PreparedEmail> {
      return { email, rendered: await renderMail(email.body) };
    },
    queue: (prepared: PreparedEmail, trx: Transaction<Database>) =>
      queueIn(trx, prepared.email, prepared.rendered),
    wake: deps.wake,
    close: () => transport.close(),
  };
}
export type Outbox = ReturnType<typeof outbox>;

export interface PreparedEmail {
  email: NewEmail;
  rendered: Rendered;
}

interface Rendered {
  html: string;
  text: string;
}

export async function renderMail(body: ReactElement): Promise<Rendered> {
  const [html, text] = await Promise.all([render(body), render(body, { plainText: true })]);
  return { html, text };
}
