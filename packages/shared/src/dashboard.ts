import { DOCUMENT_MAX_BYTES } from './limits.js';
import { botAvatarPath } from './chat.js';
import { ROUTES } from './routes.js';
import { TRIAL_PLAN_NAME } from './plans.js';
import { WIDGET_SCRIPT_PATH } from './widget.js';
import type { UserPlan } from './schemas/bot.js';
import { DASHBOARD_MSG } from './messages/dashboard.js';

/*
 * The dashboard's list, delete and share calls
 *: their schemas and messages, used by the server routes and the web app alike (paths in `API`).
 */

/**
 * The avatar URL the browser loads. The image id is a version: an avatar never changes under one id, so
 * the URL may be cached.
 */
export function botAvatarUrl(botId: string, imageId: string): string {
  return `${botAvatarPath(botId)}?v=${encodeURIComponent(imageId)}`;
}

/** The plan shown while it is missing or failed to load: Free Trial, 0 of 0. */
export const DEFAULT_USER_PLAN: UserPlan = {
  planName: TRIAL_PLAN_NAME,
  limits: { currentBots: 0, maxBots: 0, documentMaxBytes: DOCUMENT_MAX_BYTES },
};

/** Messages of the dashboard beyond `DASHBOARD_MSG` (exact texts). */
export const BOT_ADMIN_MSG = {
  /** The same for an unknown bot and another user's bot. */
  botNotFound: 'Bot not found.',
  invalidBotId: 'A bot id is required.',
  invalidDomain:
    'Enter website domains such as example.com, shop.example.com:8080 or *.example.com (no paths).',
  tooManyDomains: (max: number) => `List at most ${max} website domains.`,
  invalidTheme: 'Choose one of the widget themes.',
  /** The server's refusal to delete on the Free Trial: the dashboard's Upgrade Required dialog's own words. */
  deleteNeedsPaidPlan: DASHBOARD_MSG.upgradeText,
} as const;

/** How many website domains a bot's widget may be limited to. */
export const ALLOWED_DOMAINS_MAX = 20;

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
/** A host name (optionally `*.` for every subdomain) with an optional port. */
const DOMAIN_PATTERN = new RegExp(`^(?:\\*\\.)?${LABEL}(?:\\.${LABEL})*(?::(\\d{1,5}))?$`);

export function isValidDomainPattern(value: string): boolean {
  const match = DOMAIN_PATTERN.exec(value);
  if (!match || value.length > 260) return false;
  const port = match[1];
  return port === undefined || (Number(port) >= 1 && Number(port) <= 65535);
}

/**
 * Turns what an owner types ("https://Shop.Example.com/about", "example.com, www.example.com") into
 * domain entries: scheme, path, query and credentials removed, lowercased. Validation is the schema's.
 */
export function parseDomainList(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((entry) =>
      entry
        .trim()
        .toLowerCase()
        .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
        .replace(/^[^@/]*@/, '')
        .replace(/[/?#].*$/, '')
        .replace(/\.$/, ''),
    )
    .filter((entry) => entry.length > 0);
}

const DEFAULT_PORTS: Record<string, string> = { http: '80', https: '443' };
const ORIGIN_PATTERN = /^([a-z][a-z0-9+.-]*):\/\/(?:[^@/?#]*@)?([^:/?#]+)(?::(\d{1,5}))?(?:[/?#]|$)/;

/**
 * Whether a page at `origin` may show the bot's widget: any page when the list is empty; otherwise the
 * host must match an entry exactly (an entry without a port allows every port), or be a subdomain of a
 * `*.` entry. For the embed and widget routes.
 */
export function isOriginAllowed(origin: string, allowedDomains: readonly string[]): boolean {
  if (allowedDomains.length === 0) return true;
  const parsed = ORIGIN_PATTERN.exec(origin.trim().toLowerCase());
  if (!parsed) return false;
  const [, scheme = '', host = '', explicitPort] = parsed;
  const hostname = host.replace(/\.$/, '');
  const port = explicitPort ?? DEFAULT_PORTS[scheme] ?? '';
  return allowedDomains.some((entry) => {
    const [pattern = '', entryPort] = entry.split(':');
    if (entryPort !== undefined && entryPort !== port) return false;
    if (pattern.startsWith('*.')) return hostname.endsWith(pattern.slice(1));
    return hostname === pattern;
  });
}

/** The ways to put a bot in front of people (Share). */
export function shareLinks(origin: string, bot: { botId: string; shareId: string }) {
  const base = origin.replace(/\/+$/, '');
  return {
    publicChatUrl: `${base}${ROUTES.publicChat(bot.botId)}`,
    widgetUrl: `${base}${ROUTES.embed(bot.shareId)}`,
    embedSnippet: `<script src="${base}${WIDGET_SCRIPT_PATH}" data-bot="${bot.shareId}" async></script>`,
  };
}

/** The Share dialog's texts (Share). */
export const SHARE_MSG = {
  action: 'Share',
  title: (name: string) => `Share "${name}"`,
  description: 'Send people a link, or put the chat widget on your own website.',
  publicChatLabel: 'Public chat link',
  publicChatHint: 'A full-page chat anyone with the link can use.',
  widgetLinkLabel: 'Widget link',
  widgetLinkHint: 'The chat widget on its own page, for an iframe or an app.',
  snippetLabel: 'Website embed code',
  snippetHint:
    'Paste this line into your website’s HTML, just before </body>, on every page that should show the chat.',
  copy: 'Copy',
  copied: 'Copied',
  copyFailed: 'Could not copy. Select the text and copy it yourself.',
  open: 'Open',
  domainsLabel: 'Allowed websites',
  domainsHint:
    'One domain per line, such as example.com, shop.example.com:8080 or *.example.com for every subdomain; a domain without a port allows every port. Leave empty to allow any website.',
  /** What the list can and cannot stop (F7 of issue 43): said in the dialog, not only in the README. */
  domainsLimits:
    'This stops other websites from showing your bot. It is not a lock: a request that names no website (an app or a script rather than a browser on a page) is still answered.',
  domainsSave: 'Save websites',
  domainsLoading: 'Loading allowed websites…',
  domainsSaved: (count: number) =>
    count === 0
      ? 'Saved. Any website can show this bot.'
      : `Saved. Only ${count === 1 ? 'this website' : `these ${count} websites`} can show this bot.`,
  domainsLoadFailed: (message: string) => `Failed to load allowed websites: ${message}`,
  domainsSaveFailed: (message: string) => `Failed to save allowed websites: ${message}`,
  invalidDomainEntry: (entry: string) =>
    `"${entry}" is not a website domain. Use a name such as example.com, optionally with a port.`,
  themeLabel: 'Widget theme',
  themeHint: 'How the chat widget and the public chat page look.',
  themeSaved: 'Theme saved.',
  themeSaveFailed: (message: string) => `Failed to save the theme: ${message}`,
  requestFailedStatus: (status: number) => `Request failed (${status})`,
} as const;
