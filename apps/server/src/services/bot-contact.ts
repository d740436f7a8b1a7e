import type { ContactChoice } from '@vuxo/shared';
/**
 * Where a bot's declines send visitors: nowhere when its owner chose no contact (decision 062), else the contact
 * its owner set, else the owner's sign-in email, else the product's support address (a bot whose owner has no
 * email: the site's own bot). An address that merely appears in the bot's document is never used. Both readers
 * (the chat, which reads it in the query that finds the bot, and the dashboard list) select `bots.contact_email`,
 * `bots.no_contact` and the owner's `users.email as owner_email`, and resolve it here.
 */
export interface BotContactColumns {
  contact_email: string | null;
  /** 0/1; PostgreSQL may hand an integer back as a string. */
  no_contact: number | string;
  owner_email: string | null;
}

/** The choice the owner made, as the wizard asks it: none, an address of their own, or the sign-in email. */
export function contactChoiceOfRow(bot: Omit<BotContactColumns, 'owner_email'>): ContactChoice {
  if (Number(bot.no_contact) === 1) return 'none';
  return bot.contact_email ? 'other' : 'sign-in';
}

/** The address declines give, or null for none. */
export function effectiveContact(bot: BotContactColumns, supportEmail: string): string | null {
  if (Number(bot.no_contact) === 1) return null;
  return bot.contact_email || bot.owner_email || supportEmail;
}
