import type { AdminListResponse } from '@vuxo/shared/schemas';

/** A list page as a table: its column headings and, per row, a key and the text of each cell. */
export interface AdminTable {
  headers: string[];
  rows: { key: string; cells: string[] }[];
}

const dateTime = new Intl.DateTimeFormat('en-CA', { dateStyle: 'medium', timeStyle: 'short' });
const day = new Intl.DateTimeFormat('en-CA', { dateStyle: 'medium' });

const when = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
};
const orDash = (text: string | null) => (text && text.trim() ? text : '—');
function money(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-CA', { style: 'currency', currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

/** A voice-agent request's stored answers, as "field: value" pairs on one line. */
function requestSummary(data: string): string {
  try {
    const value: unknown = JSON.parse(data);
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      return Object.entries(value)
        .filter(([, field]) => field !== null && field !== '' && typeof field !== 'object')
        .map(([name, field]) => `${name}: ${String(field)}`)
        .join(' · ');
    }
  } catch {
    // Not JSON: shown as stored.
  }
  return data;
}

export function adminTable(page: AdminListResponse): AdminTable {
  switch (page.list) {
    case 'users':
      return {
        headers: ['Name', 'Email', 'Plan', 'Paid until', 'Bots', 'Joined', 'Last seen'],
        rows: page.items.map((user) => ({
          key: user.id,
          cells: [
            orDash(user.displayName),
            orDash(user.email),
            user.planName,
            user.activeUntil ? day.format(new Date(user.activeUntil)) : '—',
            String(user.botCount),
            when(user.createdAt),
            when(user.lastSeenAt),
          ],
        })),
      };
    case 'bots':
      return {
        headers: ['Bot', 'Bot ID', 'Owner', 'Status', 'Created'],
        rows: page.items.map((bot) => ({
          key: bot.botId,
          cells: [bot.botName, bot.botId, orDash(bot.ownerEmail), bot.status, when(bot.createdAt)],
        })),
      };
    case 'payments':
      return {
        headers: ['Payment', 'User', 'Plan', 'Amount', 'Status', 'Provider', 'Date'],
        rows: page.items.map((payment) => ({
          key: payment.id,
          cells: [
            payment.id,
            orDash(payment.userEmail),
            payment.planKey,
            money(payment.amountCents, payment.currency),
            payment.status,
            payment.provider,
            when(payment.createdAt),
          ],
        })),
      };
    case 'messages':
      return {
        headers: ['From', 'Email', 'Company', 'Subject', 'Message', 'Received'],
        rows: page.items.map((message) => ({
          key: message.id,
          cells: [
            message.name,
            message.email,
            orDash(message.company),
            orDash(message.subject),
            message.message,
            when(message.createdAt),
          ],
        })),
      };
    case 'requests':
      return {
        headers: ['User', 'Request', 'Received'],
        rows: page.items.map((request) => ({
          key: request.id,
          cells: [orDash(request.userEmail), requestSummary(request.data), when(request.createdAt)],
        })),
      };
    case 'mail':
      return {
        headers: ['To', 'Kind', 'Subject', 'Status', 'Attempts', 'Last error', 'Queued', 'Sent'],
        rows: page.items.map((mail) => ({
          key: mail.id,
          cells: [
            mail.to,
            mail.kind,
            mail.subject,
            mail.status,
            String(mail.attempts),
            orDash(mail.lastError),
            when(mail.createdAt),
            mail.sentAt ? when(mail.sentAt) : '—',
          ],
        })),
      };
    case 'visitor-requests':
      return {
        headers: ['Bot', 'Owner', 'New', 'Answered', 'Closed', 'All', 'Latest'],
        rows: page.items.map((bot) => ({
          key: bot.botId,
          cells: [
            bot.botName,
            orDash(bot.ownerEmail),
            String(bot.new),
            String(bot.answered),
            String(bot.closed),
            String(bot.total),
            when(bot.lastAt),
          ],
        })),
      };
  }
}
