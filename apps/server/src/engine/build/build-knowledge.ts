// The answering modules themselves, not the answer/ entry: a build's worker thread then loads no model client.
import { builtInAnswer } from '../answer/can-answer.js';
import { loadKnowledge } from '../answer/bot-knowledge.js';
import { extractKeyFacts } from '../facts/index.js';
import { splitIntoPassages, type DocumentText, type Passage } from '../passages/index.js';
import { suggestQuestions } from '../questions/index.js';
import { buildIndex, type SerializedIndex } from '../retrieval/index.js';

/** What a bot build makes from its document: the passages, the retrieval index (with the key facts) and the suggested questions. */
export interface BuiltKnowledge {
  passages: Passage[];
  index: SerializedIndex;
  questions: string[];
}

/** The whole of a build's CPU work, in one call (run in a worker by buildKnowledge). */
export function buildKnowledgeHere(document: DocumentText): BuiltKnowledge {
  const passages = splitIntoPassages(document);
  if (passages.length === 0) return { passages, index: '', questions: [] };
  // The website pages' text is read too: a phone number printed only on the owner's contact page still counts.
  const texts = [
    document.text,
    ...(document.documents ?? []).map((other) => other.text),
    ...(document.webPages ?? []).map((page) => page.text),
  ];
  const index = buildIndex(passages, extractKeyFacts(texts.join('\n\n')));
  const knowledge = loadKnowledge(index);
  // Each suggestion as a visitor would ask it: kept only when the bot answers it sure, from where it was found.
  const questions = suggestQuestions(passages, {
    check(question) {
      const answer = builtInAnswer(knowledge, question);
      return {
        sure: answer.kind === 'answer' && !answer.unsure,
        fromFacts: answer.assessment?.from === 'facts',
        passages: answer.sources.map((source) => source.passage),
      };
    },
  });
  return { passages, index, questions };
}
