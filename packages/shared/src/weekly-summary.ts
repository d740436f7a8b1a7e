/**
 * The weekly summary's one-click unsubscribe (RFC 8058): the mail's List-Unsubscribe names this path with the
 * owner's signed token; a POST (the mail client's one click, or the button on the GET page) turns it off.
 */
export const WEEKLY_UNSUBSCRIBE_PATH = '/api/email/unsubscribe';
export const WEEKLY_UNSUBSCRIBE_TOKEN_MAX = 200;

export const WEEKLY_SUMMARY_MSG = {
  confirm: 'Stop the weekly summary of your bots?',
  button: 'Unsubscribe',
  done: 'You will no longer get the weekly summary. Your bots keep working as before.',
  invalidLink: 'This unsubscribe link is not valid. Open the latest summary and use its link.',
} as const;
