import { MESSAGES_PER_DAY, type MessageLimit } from '@vuxo/shared';
import type { VisitorIdentity } from './visitors.js';

/**
 * The daily message limit's policy: which counts a visitor's message goes against, and what they have left.
 * Counting itself is chat-usage.ts (atomic, per bot and day); who the visitor is, visitors.ts.
 */

/** A widget visitor as the server knows them: a signed visitor id and the keys their messages count against. */
export interface Visitor {
  /** The signed id to hand back (the one sent, when valid; otherwise a new one). */
  id: string;
  /**
   * chat_usage keys: `v:` + the id's random part, held to the daily limit; `n:` + the network key, held to
   * NETWORK_SHARE times it. The address is never a visitor's own allowance: two people behind one address
   * with the same browser are two visitors (decision 034).
   */
  keys: string[];
}

const NETWORK_KEY = 'n:';
/**
 * A network (an office, a school, a phone carrier's shared address) may send this many visitors' worth of
 * messages to one bot a day: a client that drops its visitor id for a new one cannot go on forever.
 */
export const NETWORK_SHARE = 10;

/** Where a visitor stands today: messages left, and with none, which allowance is used up. */
export interface Standing {
  messagesLeft: number;
  limitedBy?: MessageLimit;
}

/** The policy for a daily limit (MESSAGES_PER_DAY unless a bench raises it). */
export function messageLimitPolicy(visitors: VisitorIdentity, dailyLimit = MESSAGES_PER_DAY) {
  const networkLimit = dailyLimit * NETWORK_SHARE;

  /** Their own count and their network's, counted apart. Their own wins a tie. */
  const standing = (counts: ReadonlyMap<string, number>): Standing => {
    let personal = 0;
    let network = 0;
    for (const [key, count] of counts) {
      if (key.startsWith(NETWORK_KEY)) network = count;
      else personal = count;
    }
    if (personal >= dailyLimit) return { messagesLeft: 0, limitedBy: 'visitor' };
    if (network >= networkLimit) return { messagesLeft: 0, limitedBy: 'network' };
    return { messagesLeft: dailyLimit - personal };
  };

  /** Each key with the most messages it may count today. */
  const limitsOf = (keys: readonly string[]) =>
    keys.map((key) => ({ key, max: key.startsWith(NETWORK_KEY) ? networkLimit : dailyLimit }));

  return {
    /**
     * Who the caller is as a visitor: the first of the ids they sent (the widget's header, then the cookie)
     * that this server signed, else a new one. A stale id in the widget's storage does not hide a good cookie.
     */
    identify(input: { sentIds: readonly (string | null)[]; address: string }): Visitor {
      let id = '';
      let random: string | null = null;
      for (const sent of input.sentIds) {
        random = visitors.verify(sent);
        if (random !== null && sent) {
          id = sent;
          break;
        }
      }
      if (random === null) {
        id = visitors.issue();
        random = visitors.verify(id) ?? id;
      }
      return {
        id,
        keys: [`v:${random}`, `${NETWORK_KEY}${visitors.networkKey(input.address)}`],
      };
    },

    limitsOf,
    standing,

    /** Which allowance refused a message, from the keys that were full (the visitor's own, when both). */
    refusedBy(full: readonly string[]): MessageLimit {
      const counts = new Map(limitsOf(full).map((limit) => [limit.key, limit.max]));
      return standing(counts).limitedBy ?? 'visitor';
    },
  };
}
export type MessageLimitPolicy = ReturnType<typeof messageLimitPolicy>;
