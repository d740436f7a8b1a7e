import { ASSURANCE_MODEL } from './assurance-model.js';

/**
 * How sure the built-in engine is that a reply holds what was asked (issue 44, decision 089): a logistic model over
 * what the engine measured while choosing it, fitted on the corpus's develop part by `npm run train:engine`
 * (bench/train-engine), with the two thresholds that split sure / unsure / decline chosen on the validate part.
 * The weights are data (assurance-model.ts, written by that script); this file only reads them.
 */

/** What the model reads of a reply, each a number (0/1 for a yes or no). */
export const ASSURANCE_FEATURES = [
  // The composer's best sentence (compose.ts): how much of the question it and its context cover.
  'coverage',
  'ownCoverage',
  'match',
  'headingMatch',
  'faqMatch',
  'passageRank',
  'passageConfidence',
  'topConfidence',
  'margin',
  // The kind of fact asked for, and whether the answer holds one.
  'asksType',
  'requiresType',
  'typed',
  // The old decline rules, now signals: the sentence met the coverage bar; a question word the document lacks.
  'meetsBar',
  'focusMissing',
  'absentThing',
  'questionWords',
  'yesNo',
  // The reply itself: its length, how many passages it joins, a list.
  'replyWords',
  'passagesUsed',
  'listAnswer',
  // The kind of fact asked for, by kind.
  'asksMoney',
  'asksTime',
  'asksContact',
  'asksCount',
  // An everyday question answered from the key facts (topics/), by topic.
  'factContact',
  'factAddress',
  'factHours',
  'factPrice',
] as const;
export type AssuranceFeature = (typeof ASSURANCE_FEATURES)[number];
export type AssuranceInput = Partial<Record<AssuranceFeature, number | boolean>>;

/** The model's input as numbers in ASSURANCE_FEATURES' order (absent: 0). */
export function featureVector(input: AssuranceInput): number[] {
  return ASSURANCE_FEATURES.map((name) => Number(input[name] ?? 0));
}

/** The fitted weights and thresholds (assurance-model.ts). */
export type AssuranceModel = typeof ASSURANCE_MODEL;

/** The likelihood (0..1) that a reply with these measures holds the asked fact. */
export function likelihood(vector: readonly number[], model: AssuranceModel = ASSURANCE_MODEL): number {
  let z = model.bias;
  vector.forEach((value, i) => {
    const scale = model.scale[i] || 1;
    z += (model.weights[i] ?? 0) * ((value - (model.mean[i] ?? 0)) / scale);
  });
  return 1 / (1 + Math.exp(-z));
}

export type Assured = 'sure' | 'unsure' | 'decline';

/** Sure at or above the sure threshold, unsure at or above the unsure one, a decline below. */
export function assured(p: number, thresholds = ASSURANCE_MODEL.thresholds): Assured {
  if (p >= thresholds.sure) return 'sure';
  return p >= thresholds.unsure ? 'unsure' : 'decline';
}

/** What the engine measured of a reply and made of it: for the evaluation and training, never sent to visitors. */
export interface Assessment {
  features: number[];
  likelihood: number;
  /** The reply the engine would give if it answered (the closest it found), whatever it decided. */
  closest: string;
  /** Where the reply came from: the passages (compose.ts), the key facts, or the closest facts (never declined). */
  from: 'passages' | 'facts' | 'closest-facts';
  /** For the closest facts: the passages' reply they stood in for, not sure at the thresholds asked with. */
  insteadOf?: Assessment;
}
