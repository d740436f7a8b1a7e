import type { AskedQuestion } from './asked-question.js';
import { FACT_TOPICS, type FactReply, type FactSource, type FactTopic } from './topics/index.js';

export type { FactReply, FactSource, FactTopic } from './topics/index.js';

/**
 * The everyday questions — how to reach you, where you are, when you are open, how much a thing costs — answered
 * from the key facts when one of their topics recognises the question; null sends it the normal way (retrieval and
 * compose).
 */
export function factReply(
  asked: AskedQuestion,
  source: FactSource,
  documentName: string,
): (FactReply & { topic: FactTopic }) | null {
  if (!source.keyFacts) return null;
  for (const topic of FACT_TOPICS) {
    if (!source.rules.on(topic.rule)) continue;
    const reply = topic.reply(asked, source, documentName);
    if (reply) return { ...reply, topic: topic.topic };
  }
  return null;
}
