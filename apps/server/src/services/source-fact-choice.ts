import type { Kysely } from 'kysely';
import { KEY_FACTS_MSG, SOURCES_MSG, type KeyFactsValue, type SourceChange } from '@vuxo/shared';
import type { Database } from '../db/schema.js';
import type { KeyFacts } from '../engine/facts/index.js';
import { AppError } from '../errors.js';
import type { BotKeyFactsService } from './bot-key-facts.js';
import { saveRefresh } from './source-refresh-state.js';
import type { User } from './users.js';

const PRICE = 'Price of ';
const DAYS = Object.entries(KEY_FACTS_MSG.dayNames) as [keyof typeof KEY_FACTS_MSG.dayNames, string][];

/** The owner's facts with one fact as the website now gives it ("Price of Full groom" → `$50`). */
function withWebsiteValue(facts: KeyFacts, label: string, after: string | null): KeyFacts {
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  if (label.startsWith(PRICE)) {
    const item = label.slice(PRICE.length);
    const others = facts.prices.filter((p) => !same(p.item, item));
    if (after === null) return { ...facts, prices: others };
    const at = facts.prices.findIndex((p) => same(p.item, item));
    const price = { ...(at >= 0 ? facts.prices[at] : {}), item, price: after };
    const prices = at >= 0 ? facts.prices.map((p, i) => (i === at ? price : p)) : [...facts.prices, price];
    return { ...facts, prices };
  }
  const day = DAYS.find(([, name]) => same(name, label))?.[0];
  if (day) {
    const others = facts.hours.filter((h) => h.day !== day);
    const times = (after ?? '').split(', ').filter(Boolean);
    const hours = times.map((time) => {
      if (time === 'closed') return { day, closed: true as const };
      const [opens, closes] = time.split('–');
      return { day, ...(opens ? { opens } : {}), ...(closes ? { closes } : {}) };
    });
    return { ...facts, hours: [...others, ...hours] };
  }
  if (same(label, 'Phone')) {
    return {
      ...facts,
      phones: (after ?? '')
        .split(', ')
        .filter(Boolean)
        .map((number) => ({ number })),
    };
  }
  if (same(label, 'Email')) return { ...facts, emails: (after ?? '').split(', ').filter(Boolean) };
  if (same(label, 'Address')) return { ...facts, address: after };
  return facts;
}

/**
 * "The website now says …, keep yours or take it?" (decision 120): for a changed key fact the owner had corrected
 * by hand, taking it puts the website's value in the owner's facts (the bot answers with it at once); keeping it
 * leaves the owner's. Either way the question is answered and leaves the change.
 */
export function sourceFactChoice(deps: { db: Kysely<Database>; keyFacts: BotKeyFactsService }) {
  const { db, keyFacts } = deps;
  return {
    async choose(
      user: User,
      request: { botId: string; id: string; label: string; take: boolean },
    ): Promise<void> {
      const current = await keyFacts.keyFacts(user, request.botId); // the owner's bot, or the same 404
      const row = await db
        .selectFrom('bot_sources')
        .leftJoin('source_refreshes', 'source_refreshes.source_id', 'bot_sources.id')
        .select('source_refreshes.last_change')
        .where('bot_sources.id', '=', request.id)
        .where('bot_sources.bot_id', '=', request.botId)
        .executeTakeFirst();
      if (!row) throw new AppError('notFound', SOURCES_MSG.sourceNotFound);
      const change = row.last_change ? (JSON.parse(row.last_change) as SourceChange) : null;
      const fact = change?.pages
        .flatMap((page) => page.facts)
        .find((f) => f.label === request.label && f.yours !== undefined);
      if (!change || !fact) throw new AppError('notFound', SOURCES_MSG.changeNotFound);
      if (request.take) {
        const facts = withWebsiteValue(current.facts as KeyFacts, fact.label, fact.after);
        await keyFacts.save(user, { botId: request.botId, facts: facts as KeyFactsValue });
      }
      delete fact.yours;
      await saveRefresh(db, request.id, { last_change: JSON.stringify(change) });
    },
  };
}
export type SourceFactChoice = ReturnType<typeof sourceFactChoice>;
