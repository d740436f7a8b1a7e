import { effectiveKeyFacts, ownerFactsPassage, type KeyFactEdits } from '../facts/effective.js';
import type { Passage } from '../passages/index.js';
import { loadIndex, type RetrievalIndex } from '../retrieval/index.js';
import type { EngineRules } from '../rules.js';

/** A bot's loaded index and what the composer derives from it once: its topics and size. */
export interface BotKnowledge {
  index: RetrievalIndex;
  /** Section headings, in document order, for "what can you do?". */
  topics: string[];
  /** The document's size in estimated LLM tokens. */
  totalTokens: number;
  /** The serialized index's length, for the cache's budget. */
  size: number;
}

const MAX_TOPICS = 6;
const SKIPPED_TOPICS =
  /^(?:contact(?: us)?|introduction|welcome|overview|contents|table of contents|faqs?|appendix)$/i;

/** Short section names ('opening hours', 'fees'), in document order, for "what can you do?". */
function topicsOf(passages: readonly Passage[]): string[] {
  const seen = new Map<string, string>();
  passages.forEach((passage, i) => {
    const heading = passage.heading?.split(' › ').at(-1)?.trim();
    // The document's first heading is often its title.
    if (!heading || (i === 0 && passages.length > 2)) return;
    const topic = heading.replace(/^about\s+/i, '').trim();
    const words = topic.split(/\s+/).length;
    if (!topic || words > 3 || /^[\d.]+$/.test(topic) || SKIPPED_TOPICS.test(topic)) return;
    if (!seen.has(topic.toLowerCase())) seen.set(topic.toLowerCase(), topic);
  });
  return [...seen.values()].slice(0, MAX_TOPICS).map((t) => (/^[A-Z][a-z]/.test(t) ? t.toLowerCase() : t));
}

export function loadKnowledge(serialized: string, rules?: EngineRules): BotKnowledge {
  const index = loadIndex(serialized, rules);
  let totalTokens = 0;
  for (const passage of index.passages) {
    totalTokens += passage.tokenCount;
  }
  return {
    index,
    topics: topicsOf(index.passages),
    totalTokens,
    size: serialized.length,
  };
}

/** Per loaded knowledge, its view with the owner's edits of one version (the rules' per-passage caches hold). */
const ownerViews = new WeakMap<BotKnowledge, { edits: KeyFactEdits; view: BotKnowledge }>();

/**
 * The bot's knowledge with the owner's key facts over the document's (decision 039): everything that reads
 * `index.keyFacts` answers from the effective facts, and the owner's facts are a passage after the document's
 * (named as the business's own answer). A view: the cached index itself is left as loaded.
 */
export function withOwnerFacts(knowledge: BotKnowledge, edits: KeyFactEdits | undefined): BotKnowledge {
  if (!edits) return knowledge;
  const known = ownerViews.get(knowledge);
  if (known && known.edits === edits) return known.view;
  const { index } = knowledge;
  const owned = ownerFactsPassage(edits, index.passages.length);
  const view: BotKnowledge = {
    ...knowledge,
    index: {
      passages: owned ? [...index.passages, owned] : index.passages,
      keyFacts: effectiveKeyFacts(index.keyFacts, edits),
      rules: index.rules,
      concepts: (query) => index.concepts(query),
      documentFrequency: (term) => index.documentFrequency(term),
      search: (query, options) => index.search(query, options),
    },
  };
  ownerViews.set(knowledge, { edits, view });
  return view;
}

export interface KnowledgeCacheOptions {
  /** At most this many bots' indexes in memory. */
  maxEntries?: number;
  /** And at most this many characters of serialized index in all. */
  maxSize?: number;
  /** The rules its indexes answer with (default: all). */
  rules?: EngineRules;
}

/**
 * Loaded indexes per bot, least recently used out first. An entry is valid for one `updated_at` of its bot: a
 * rebuilt bot gets a new one on its next question. Concurrent first questions share one load.
 */
export function knowledgeCache(options: KnowledgeCacheOptions = {}) {
  const maxEntries = options.maxEntries ?? 200;
  const maxSize = options.maxSize ?? 300 * 1024 * 1024;
  const entries = new Map<
    string,
    { version: string; knowledge: Promise<BotKnowledge | null>; size: number }
  >();
  let totalSize = 0;

  function evict() {
    for (const [key, entry] of entries) {
      if (entries.size <= maxEntries && totalSize <= maxSize) break;
      if (entries.size === 1) break;
      entries.delete(key);
      totalSize -= entry.size;
    }
  }

  return {
    /** The bot's knowledge at this version, loading (via `read`) when not cached; null when it has no index. */
    async get(
      botId: string,
      version: string,
      read: () => Promise<string | null>,
    ): Promise<BotKnowledge | null> {
      const cached = entries.get(botId);
      if (cached && cached.version === version) {
        entries.delete(botId);
        entries.set(botId, cached);
        return cached.knowledge;
      }
      if (cached) {
        entries.delete(botId);
        totalSize -= cached.size;
      }
      const entry = {
        version,
        size: 0,
        knowledge: read().then((serialized) =>
          serialized ? loadKnowledge(serialized, options.rules) : null,
        ),
      };
      entries.set(botId, entry);
      try {
        const knowledge = await entry.knowledge;
        if (entries.get(botId) === entry) {
          entry.size = knowledge?.size ?? 0;
          totalSize += entry.size;
          evict();
        }
        return knowledge;
      } catch (error) {
        if (entries.get(botId) === entry) entries.delete(botId);
        throw error;
      }
    },
    /** Forgets a bot (deleted); the next question loads it again. */
    forget(botId: string): void {
      const cached = entries.get(botId);
      if (!cached) return;
      entries.delete(botId);
      totalSize -= cached.size;
    },
    get size(): number {
      return entries.size;
    },
  };
}
export type KnowledgeCache = ReturnType<typeof knowledgeCache>;
