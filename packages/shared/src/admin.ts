/** The staff console (/ai-admin): its lists, how many rows a page holds, and the longest search. */
export const ADMIN_LISTS = [
  'users',
  'bots',
  'payments',
  'messages',
  'requests',
  'mail',
  'visitor-requests',
] as const;
export type AdminList = (typeof ADMIN_LISTS)[number];
export const ADMIN_PAGE_SIZE = 25;
export const ADMIN_SEARCH_MAX = 100;

/** `GET /api/admin/:list?q=&page=`: one page of a list, newest first; 404 for anyone not on ADMIN_EMAILS. */
export const adminListPath = (list: AdminList) => `/api/admin/${list}`;

/** The console's words: each list's tab label and what it says when a page is empty or cannot load. */
export const ADMIN_LIST_LABELS: Record<AdminList, string> = {
  users: 'Users',
  bots: 'Bots',
  payments: 'Payments',
  messages: 'Contact messages',
  requests: 'Voice agent requests',
  mail: 'Email',
  'visitor-requests': 'Visitor requests',
};

export const ADMIN_MSG = {
  title: 'Admin console',
  lead: 'Users and their plans, every bot and its status, payments, contact messages, voice agent requests, the mail sent and visitor requests per bot.',
  searchLabel: 'Search',
  searchPlaceholder: 'Search by name, email or text',
  loading: 'Loading…',
  empty: 'Nothing here yet.',
  noMatch: 'Nothing matches your search.',
  loadFailed: 'This list could not be loaded. Please try again.',
  retry: 'Try again',
  previous: 'Previous page',
  next: 'Next page',
} as const;
