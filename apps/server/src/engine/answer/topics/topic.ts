import type { KeyFacts } from '../../facts/index.js';
import type { Passage } from '../../passages/index.js';
import type { EngineRule, EngineRules } from '../../rules.js';
import type { AskedQuestion } from '../asked-question.js';

/** The everyday topics answered from the key facts. */
export type FactTopic = 'contact' | 'address' | 'hours' | 'price';

/** What the fact topics read of a bot's knowledge: its key facts and its passages. */
export interface FactSource {
  readonly keyFacts: KeyFacts | null;
  readonly passages: readonly Passage[];
  /** In how many passages an index term occurs. */
  documentFrequency(term: string): number;
  /** The rules the engine answers with. */
  readonly rules: EngineRules;
}

export interface FactReply {
  text: string;
  passages: Passage[];
  /** The closest facts, not all the question asked for: the reply is unsure. */
  partial?: true;
}

/**
 * One everyday topic: the rule that switches it, and its reply from the key facts — null when the question is not
 * about the topic or the facts do not hold the answer (then the next topic, and at last the passages, answer).
 */
export interface FactTopicRule {
  topic: FactTopic;
  rule: EngineRule;
  reply(asked: AskedQuestion, source: FactSource, documentName: string): FactReply | null;
}
