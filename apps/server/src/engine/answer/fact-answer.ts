import type { Answer } from './answer.js';
import {
  assured,
  featureVector,
  likelihood,
  type Assessment,
  type AssuranceFeature,
  type AssuranceModel,
} from './assurance.js';
import type { FactReply, FactTopic } from './topics/index.js';
import { sanitizeMarkdown } from './markdown-safety.js';
import type { ToneWords } from './tone.js';

/**
 * An answer from the key facts. A fact of the asked kind was found: the assurance only says whether it is sure
 * (decision 089); the closest facts (a price list naming all but one word of the question) are unsure and say so.
 */
export function factAnswer(
  fromFacts: FactReply & { topic: FactTopic },
  opener: string | undefined,
  tone: ToneWords,
  email: string | null,
  assurance?: AssuranceModel,
): Answer {
  const sources = fromFacts.passages.map((passage) => ({
    passage,
    score: 1,
    confidence: 1,
    matchedTerms: [],
  }));
  const text = fromFacts.partial ? unsureFactText(fromFacts.text, tone, email) : fromFacts.text;
  const reply = sanitizeMarkdown(`${opener ?? ''}${text}`);
  const assessment = factAssessment(fromFacts.topic, reply, fromFacts.partial === true, assurance);
  const sure = assured(assessment.likelihood, assurance?.thresholds) === 'sure' && !fromFacts.partial;
  return {
    reply,
    kind: 'answer',
    engine: 'built-in',
    sources,
    ...(sure ? {} : { unsure: { rule: 'low-confidence', words: [] } }),
    assessment,
  };
}

const FACT_FEATURE = {
  contact: 'factContact',
  address: 'factAddress',
  hours: 'factHours',
  price: 'factPrice',
} as const satisfies Record<FactTopic, AssuranceFeature>;

/** A fact reply worded as unsure: the lead-in, the facts, the way to the business, then its source line. */
function unsureFactText(text: string, tone: ToneWords, email: string | null): string {
  const cut = text.lastIndexOf('\n\n');
  const [body, source] = cut < 0 ? [text, ''] : [text.slice(0, cut), text.slice(cut + 2)];
  return [tone.unsureLead, body, email === null ? '' : tone.unsureOffer(email), source]
    .filter(Boolean)
    .join('\n\n');
}

function factAssessment(
  topic: FactTopic,
  reply: string,
  partial: boolean,
  assurance?: AssuranceModel,
): Assessment {
  const features = featureVector({ [FACT_FEATURE[topic]]: 1 });
  const from = partial ? 'closest-facts' : 'facts';
  return { features, likelihood: likelihood(features, assurance), closest: reply, from };
}
