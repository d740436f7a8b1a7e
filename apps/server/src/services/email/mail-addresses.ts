import { createElement } from 'react';
import type { Kysely } from 'kysely';
import {
  MAIL_CONFIRM_PATH,
  MAIL_CONFIRM_TOKEN_MAX,
  MAIL_LIMITS,
  mailAddressKey,
  type MailAddressState,
} from '@vuxo/shared';
import type { Database } from '../../db/schema.js';
import { newId } from '../../ids.js';
import { AddressConfirmationMail } from './messages/address-confirmation.js';
import type { EmailKind, Outbox } from './outbox.js';
import { signedLinks } from './signed-links.js';

const DAY_MS = 86_400_000;
const startOfDay = (now: Date) => `${now.toISOString().slice(0, 10)}T00:00:00.000Z`;

/** The owner as the mail rules need them (a signed-in `User` is one): their sign-in email counts only when verified. */
export interface MailOwner {
  id: string;
  email: string | null;
  emailVerified: boolean;
}
const verifiedEmailOf = (owner: MailOwner) =>
  owner.email && owner.emailVerified ? mailAddressKey(owner.email) : null;

/**
 * Which addresses Vuxo may mail for an owner (decision 085): their verified sign-in email, and any other address
 * only once its holder confirmed it from a signed link. Confirmation mails and visitor-request mails are capped
 * per owner and per recipient per day.
 */
export function mailAddresses(deps: {
  db: Kysely<Database>;
  mail: Outbox;
  publicUrl: string;
  secret: Buffer;
  now: () => Date;
}) {
  const { db, mail } = deps;
  const links = signedLinks(deps.secret, 'mail-confirm');

  async function mailsToday(kind: EmailKind, by: { userId?: string; to?: string }, now: Date) {
    let query = db
      .selectFrom('emails')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', kind)
      .where('created_at', '>=', startOfDay(now));
    if (by.userId) query = query.where('user_id', '=', by.userId);
    if (by.to) query = query.where('to_address', '=', by.to);
    return Number((await query.executeTakeFirstOrThrow()).n);
  }

  const refused = async (address: string) =>
    !!(await db
      .selectFrom('mail_refusals')
      .select('address')
      .where('address', '=', address)
      .executeTakeFirst());

  async function stateOf(owner: MailOwner, given: string): Promise<MailAddressState> {
    const address = mailAddressKey(given);
    if (address === verifiedEmailOf(owner)) return 'confirmed';
    if (await refused(address)) return 'refused';
    return (await confirmationRow(owner.id, address))?.confirmed_at ? 'confirmed' : 'waiting';
  }

  const confirmationRow = (userId: string, address: string) =>
    db
      .selectFrom('mail_confirmations')
      .select(['id', 'confirmed_at'])
      .where('user_id', '=', userId)
      .where('address', '=', address)
      .executeTakeFirst();

  /** The row a link names with its owner's email, when the link is valid and unexpired. */
  async function confirmationOf(token: string) {
    const id = links.verify(token, deps.now(), MAIL_CONFIRM_TOKEN_MAX);
    if (!id) return null;
    return db
      .selectFrom('mail_confirmations')
      .innerJoin('users', 'users.id', 'mail_confirmations.user_id')
      .select(['mail_confirmations.id', 'mail_confirmations.address', 'users.email as owner_email'])
      .where('mail_confirmations.id', '=', id)
      .executeTakeFirst();
  }

  return {
    stateOf,

    /**
     * The owner named an address to be mailed: unless it is theirs, confirmed or refused, it waits, and its
     * holder is asked once more while the day's caps allow. Returns where it stands.
     */
    async ask(owner: MailOwner, given: string): Promise<MailAddressState> {
      const state = await stateOf(owner, given);
      if (state !== 'waiting') return state;
      const address = mailAddressKey(given);
      const now = deps.now();
      await db
        .insertInto('mail_confirmations')
        .values({
          id: newId('mc'),
          user_id: owner.id,
          address,
          created_at: now.toISOString(),
          confirmed_at: null,
        })
        .onConflict((oc) => oc.columns(['user_id', 'address']).doNothing())
        .execute();
      const row = (await confirmationRow(owner.id, address))!;
      const ownerEmail = verifiedEmailOf(owner);
      if (
        !ownerEmail ||
        (await mailsToday('address-confirmation', { userId: owner.id }, now)) >=
          MAIL_LIMITS.confirmationsPerOwner ||
        (await mailsToday('address-confirmation', { to: address }, now)) >=
          MAIL_LIMITS.confirmationsPerAddress
      ) {
        return 'waiting';
      }
      const token = links.sign(row.id, new Date(now.getTime() + MAIL_LIMITS.confirmLinkDays * DAY_MS));
      await mail.send({
        kind: 'address-confirmation',
        to: address,
        subject: 'Confirm before Vuxo sends you visitor requests',
        userId: owner.id,
        body: createElement(AddressConfirmationMail, {
          address,
          owner: ownerEmail,
          confirmUrl: `${deps.publicUrl}${MAIL_CONFIRM_PATH}?token=${encodeURIComponent(token)}`,
        }),
      });
      return 'waiting';
    },

    /**
     * Where an owner's visitor-request mail goes: the address they chose when it is confirmed, else their verified
     * sign-in email, else nowhere (the request waits in their inbox).
     */
    async recipientFor(owner: MailOwner, chosen: string | null): Promise<string | null> {
      if (chosen && (await stateOf(owner, chosen)) === 'confirmed') return mailAddressKey(chosen);
      return verifiedEmailOf(owner);
    },

    /** True while the owner and the recipient are under the day's visitor-request mail caps. */
    async underRequestCaps(ownerId: string, to: string): Promise<boolean> {
      const now = deps.now();
      return (
        (await mailsToday('visitor-request', { userId: ownerId }, now)) < MAIL_LIMITS.requestMailsPerOwner &&
        (await mailsToday('visitor-request', { to }, now)) < MAIL_LIMITS.requestMailsPerRecipient
      );
    },

    /** The address and who asked, for the page a link opens; null when the link is not valid. */
    async describe(token: string): Promise<{ address: string; owner: string } | null> {
      const row = await confirmationOf(token);
      return row ? { address: row.address, owner: row.owner_email ?? '' } : null;
    },

    /** The holder said yes: the owner's mail may now reach the address. Returns it, or null for a bad link. */
    async confirm(token: string): Promise<string | null> {
      const row = await confirmationOf(token);
      if (!row) return null;
      await db
        .updateTable('mail_confirmations')
        .set({ confirmed_at: deps.now().toISOString() })
        .where('id', '=', row.id)
        .where('confirmed_at', 'is', null)
        .execute();
      await db.deleteFrom('mail_refusals').where('address', '=', row.address).execute();
      return row.address;
    },

    /** The holder said "never mail me again": nothing goes to the address, for any owner. */
    async refuse(token: string): Promise<string | null> {
      const row = await confirmationOf(token);
      if (!row) return null;
      await db
        .insertInto('mail_refusals')
        .values({ address: row.address, created_at: deps.now().toISOString() })
        .onConflict((oc) => oc.column('address').doNothing())
        .execute();
      await db
        .updateTable('mail_confirmations')
        .set({ confirmed_at: null })
        .where('address', '=', row.address)
        .execute();
      return row.address;
    },
  };
}
export type MailAddresses = ReturnType<typeof mailAddresses>;
