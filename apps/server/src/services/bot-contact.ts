/**
 * Where a bot's declines send visitors: the contact its owner set, else the owner's
 * sign-in email, else the product's support address (a bot whose owner has no email: the site's own bot).
 * An address that merely appears in the bot's document is never used. Both readers (the chat, which reads
 * it in the query that finds the bot, and the dashboard list) select `bots.contact_email` and the owner's
 * `users.email as owner_email`, and resolve it here.
 */
export interface BotContactColumns {
  contact_email: string | null;
  owner_email: string | null;
}

export function effectiveContact(bot: BotContactColumns, supportEmail: string): string {
  return bot.contact_email || bot.owner_email || supportEmail;
}
