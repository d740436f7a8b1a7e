/**
 * A person steps in (issue 47, decision 115): the owner answers a visitor live. Zod-free constants, paths and
 * wording, so the widget's lazy live chunk imports them without a schema library.
 */

/** The widget's live calls (in a module of their own: the widget's first download carries none of them). */
export const LIVE_WIDGET_API = {
  /** `GET ?botConfigId=` → {@link LiveStatus}: is the owner here, and is this visitor's conversation held. */
  liveStatus: '/api/live/status',
  /** `POST` {botConfigId} → {@link LiveStatus}: the visitor asks for a person now. */
  liveRequest: '/api/live/request',
  /**
   * `GET ?botConfigId=&visitorId=` → Server-Sent Events of the visitor's own conversation today (its id comes from
   * the signed visitor id, never from the caller); `Last-Event-ID` (or `?after=`) resumes after that event.
   */
  liveEvents: '/api/live/events',
} as const;

/** The owner's Live view (owner only; another owner's bot or conversation is the same 404). */
export const LIVE_OWNER_API = {
  /** `POST` {botId, displayName?} → {@link LivePresence}: the owner is in the Live view (a heartbeat). */
  livePresence: '/api/live/presence',
  /** `GET ?botId=` → the conversations of the last minutes, those asking for a person first. */
  liveConversations: '/api/live/conversations',
  /** `GET ?botId=&conversationId=` → one conversation's messages, bot, visitor and owner, oldest first. */
  liveConversation: '/api/live/conversation',
  /** `POST` {botId, conversationId, text}: the owner's message; the conversation is held by the owner. */
  liveReply: '/api/live/reply',
  /** `POST` {botId, conversationId}: "Hand back to the bot". */
  liveHandBack: '/api/live/hand-back',
  /** `GET ?botId=` → Server-Sent Events: a conversation of the bot changed (read it again). */
  liveOwnerEvents: '/api/live/owner-events',
} as const;

/**
 * Every live path, for the server and tests. Not in API (api.ts): the widget's first download imports that
 * module, and would carry this one's messages to the lazy live chunk's door.
 */
export const LIVE_API = { ...LIVE_WIDGET_API, ...LIVE_OWNER_API } as const;

/** The owner counts as online this long after their Live view's last heartbeat. */
export const LIVE_PRESENCE_WINDOW_S = 120;
/** How often the Live view says the owner is still there. */
export const LIVE_HEARTBEAT_S = 30;
/** Live event streams one client (an address, or a signed-in owner) may hold open at once. */
export const LIVE_STREAMS_PER_CLIENT = 20;
/** A comment line on an idle event stream this often, so proxies keep it open. */
export const LIVE_KEEPALIVE_S = 25;
/** Conversations whose last message is this recent are the Live view's current visitors. */
export const LIVE_RECENT_MINUTES = 30;
export const LIVE_MESSAGE_MAX = 2_000;
export const LIVE_DISPLAY_NAME_MAX = 40;
/** Minutes without a reply to a live request before the owner is emailed (the owner's choice). */
export const LIVE_NOTIFY_AFTER_DEFAULT_MIN = 2;
/** The choices of that time the Live view offers, in minutes. */
export const LIVE_NOTIFY_AFTER_CHOICES = [1, 2, 5, 10, 30] as const;

export const LIVE_AUTHORS = ['bot', 'visitor', 'owner'] as const;
export type LiveAuthor = (typeof LIVE_AUTHORS)[number];

/** What an event of a conversation's channel says: a message, or a change of who answers. */
export const LIVE_EVENT_KINDS = ['message', 'requested', 'held', 'released'] as const;
export type LiveEventKind = (typeof LIVE_EVENT_KINDS)[number];

/** One event of a conversation's channel: `id` counts up from 1 within the conversation. */
export interface LiveEvent {
  id: number;
  kind: LiveEventKind;
  author: LiveAuthor;
  text: string;
  at: string;
  /** The owner's display name, on their messages and on `held`. */
  name?: string;
}

export interface LiveStatus {
  ownerOnline: boolean;
  /** The owner's chosen display name while online; null otherwise. */
  ownerName: string | null;
  /** True while the owner holds this visitor's conversation: the bot stays quiet. */
  held: boolean;
  /** True once the visitor asked for a person today. */
  requested: boolean;
  /** While the owner is away: the business's hours from its key facts, for "We're back Monday at 9:00". */
  hours?: LiveHours[];
}

export const LIVE_MSG = {
  ownerHere: (name: string) => `${name} is here and will answer you`,
  /** The name an owner who chose none answers with. */
  defaultOwnerName: 'The team',
  conversationNotFound: 'Conversation not found.',
  messageRequired: 'Write a message.',
  messageTooLong: `A message is at most ${LIVE_MESSAGE_MAX} characters.`,
  displayNameTooLong: `A display name is at most ${LIVE_DISPLAY_NAME_MAX} characters.`,
  visitorUnknown: 'Open the chat again to continue.',
  tooManyStreams: 'Too many open conversations from here. Close one and try again.',
} as const;

/** The owner's Live view's words: apart from LIVE_MSG, so the widget's live chunk does not carry them. */
export const LIVE_OWNER_MSG = {
  link: 'Live',
  pageTitle: (bot: string) => `Live: ${bot}`,
  waitingTitle: 'Waiting for you',
  currentTitle: 'Visitors now',
  nobodyWaiting: 'Nobody is waiting for a person.',
  nobodyHere: 'No visitors in the last 30 minutes.',
  asked: 'Asked for a person',
  declinedTag: 'Got a decline',
  heldTag: 'You are answering',
  visitorLabel: (visitor: string) => `Visitor ${visitor}`,
  replyLabel: 'Your reply',
  send: 'Send',
  handBack: 'Hand back to the bot',
  close: 'Back to the list',
  displayNameLabel: 'Your name for visitors',
  saveName: 'Save',
  notifyAfterLabel: 'Email me when nobody answers within',
  notifyAfterChoice: (n: number) => `${n} ${n === 1 ? 'minute' : 'minutes'}`,
  notificationsOn: 'Notify me of new requests',
  newRequest: 'A visitor asks for a person',
  authors: { bot: 'Bot', visitor: 'Visitor', owner: 'You' },
  loadFailed: 'The Live view could not load. It will try again.',
  saveAnswer: 'Save as the bot’s answer',
  ownerAnswers: (n: number) =>
    `You answered visitors live ${n} ${n === 1 ? 'time' : 'times'} in the last 30 days.`,
  savedAnswer: 'Saved: the bot gives this answer from now on',
} as const;

/** A day's hours as the key facts hold them (`mon`…`sun`, times as `9:00` or `17:30`). */
export interface LiveHours {
  day: 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';
  opens?: string;
  closes?: string;
  closed?: boolean;
}

const DAY_ORDER = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const minutesOf = (time: string | undefined): number | null => {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time?.trim() ?? '');
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
};

/**
 * When the business opens next after `now` (the visitor's clock, the business's hours: most visitors are local),
 * from the key facts' hours: "We're back Monday at 9:00". Null while it is open, or when the hours do not say.
 */
export function backAt(hours: readonly LiveHours[], now: Date): string | null {
  const today = now.getDay();
  const minute = now.getHours() * 60 + now.getMinutes();
  for (let ahead = 0; ahead < 8; ahead += 1) {
    const index = (today + ahead) % 7;
    const day = hours.find((h) => h.day === DAY_ORDER[index] && !h.closed);
    const opens = minutesOf(day?.opens);
    if (!day || opens === null) continue;
    const closes = minutesOf(day.closes) ?? 24 * 60;
    if (ahead === 0 && minute >= opens && minute < closes) return null;
    if (ahead === 0 && minute >= opens) continue;
    const name = ahead === 0 ? 'today' : ahead === 1 ? 'tomorrow' : DAY_NAMES[index];
    return LIVE_BACK_MSG(name!, `${Math.floor(opens / 60)}:${String(opens % 60).padStart(2, '0')}`);
  }
  return null;
}

export const LIVE_BACK_MSG = (day: string, time: string) => `We're back ${day} at ${time}`;
