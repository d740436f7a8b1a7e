/**
 * Email addresses, found from each '@' outwards over a bounded number of characters (64 before, 253 after), so
 * a text of '@'s or of one endless word costs time linear in its length.
 */
const LOCAL_CHAR = /[A-Za-z0-9._%+-]/;
const DOMAIN_CHAR = /[A-Za-z0-9.-]/;
const DOMAIN = /^[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,24}$/;
/** Addresses for the business as a whole, listed before a named person's. */
const SHARED_MAILBOX =
  /^(?:info|hello|contact|enquiries|inquiries|reception|office|bookings?|reservations|admin|mail|team|help|support|studio|frontdesk)\b/i;

export function findEmails(text: string): string[] {
  const found = new Map<string, string>();
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) {
    let start = at;
    while (start > 0 && at - start < 64 && LOCAL_CHAR.test(text[start - 1]!)) start--;
    let end = at + 1;
    while (end < text.length && end - at <= 253 && DOMAIN_CHAR.test(text[end]!)) end++;
    const local = text.slice(start, at).replace(/^\.+/, '');
    const domain = text.slice(at + 1, end).replace(/[.-]+$/, '');
    if (!local || local.endsWith('.') || !DOMAIN.test(domain)) continue;
    const email = `${local}@${domain}`;
    if (!found.has(email.toLowerCase())) found.set(email.toLowerCase(), email);
  }
  const emails = [...found.values()];
  return [...emails.filter((e) => SHARED_MAILBOX.test(e)), ...emails.filter((e) => !SHARED_MAILBOX.test(e))];
}
