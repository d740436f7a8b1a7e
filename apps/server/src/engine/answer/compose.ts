import { CONFIDENCE_THRESHOLD, indexTerms, type SearchResult } from '../retrieval/index.js';
import {
  answerTypeOf,
  asksForType,
  holdsAnswerType,
  namedThing,
  requiresAnswerType,
  type AnswerType,
} from './answer-types.js';
import type { BotKnowledge } from './bot-knowledge.js';
import type { DeclineReason } from './decline-reason.js';
import { absentThing, absentWord, noMatch, unmatchedFocus, wordsFor } from './decline-rules.js';
import { factorIn, faqMatch, focusTerms, weigh, wordsIn } from './question-weights.js';
import { sourceLine } from './source-line.js';
import { pick, type ToneWords } from './tone.js';
import { headingTerms, unitsOf } from './units.js';
import { expand, MAX_SENTENCES, render, type Candidate } from './answer-shape.js';
import type { UnsureReason } from './unsure-reason.js';
import {
  assured,
  featureVector,
  likelihood,
  type Assessment,
  type AssuranceInput,
  type AssuranceModel,
} from './assurance.js';

/**
 * The extractive composer: a short markdown answer made of the document's own sentences (numbers, times and
 * prices verbatim), in the bot's tone, naming the part of the document they come from. It never writes a fact
 * of its own, and declines when the document does not hold the answer.
 *
 * Every sentence (or list line) of the best passages is scored against the question's concepts: in the sentence
 * itself, in its heading (an FAQ's question), beside it, and in its passage; then by whether it holds the kind
 * of fact asked for ('how many' → a number) and by its passage's rank. The best sentence that covers enough of
 * what the question is about (see COVERAGE), or else the best-scored one, is the closest reply; the assurance
 * (assurance.ts, decision 089) then says whether it is given sure, unsure, or declined.
 */

/** How many passages' sentences compete. */
const CANDIDATE_PASSAGES = 3;
/** Runners-up join an answer while it stays this short (a list may be longer). */
const ANSWER_WORDS = 100;
/** A sentence scoring this share of the best one's joins the answer too. */
const RUNNER_UP_SHARE = 0.85;

/** Where a question word found near a sentence counts, as a share of finding it in the sentence. */
const CONTEXT = {
  ranking: { neighbour: 0.4, passage: 0.3 },
  coverage: { heading: 1, neighbour: 0.7, passage: 0.5 },
} as const;
/**
 * Sentence score bonuses and penalties (the score's main part is the 0..1 concept match): an FAQ entry asking
 * the visitor's question, a heading holding the question's words, the kind of fact asked for, the passage's
 * rank, an early place in its passage (answers come first), and against echoing a question or a fragment.
 */
const SCORE = {
  faq: 0.5,
  heading: 0.4,
  typed: 0.3,
  passageRank: 0.6,
  early: 0.1,
  question: -0.6,
  fragment: -0.2,
} as const;
/**
 * The bar a sentence must meet to be preferred: it covers this share of what the question is about (its words
 * weighted by how specific they are in everyday English). Meeting it is one of the assurance's signals.
 */
const COVERAGE = {
  min: 0.5,
  focusMissing: 0.65,
  /** An answer of the kind asked for must cover this share of the minimum in its own sentence and heading. */
  typedOwnShare: 0.6,
} as const;

/** A question answered yes or no ('Do you…', 'Is there…'). */
const YES_NO_QUESTION = /^\s*(?:do|does|did|can|could|is|are|was|will|would|should|have|has|may)\b/i;

export interface ComposeInput {
  /** The visitor's message: it keys the choice of wording. */
  message: string;
  /** The kind of fact the message asks for (question.ts); read from the message when not given. */
  type?: AnswerType | null;
  /** The question searched for (the message, or a follow-up completed from the conversation). */
  query: string;
  /** The search results for the query, best first. */
  results: readonly SearchResult[];
  knowledge: BotKnowledge;
  tone: ToneWords;
  /** Where to write when the document has no answer; null: the owner chose no contact. */
  email: string | null;
  /** Names the source when a passage has neither heading nor page. */
  documentName: string;
  /** Opens the answer (e.g. 'Hi! ' when the visitor greeted). */
  opener?: string;
  /** The assurance to weigh the reply with (default: the fitted one; bench/train-engine gives its own). */
  assurance?: AssuranceModel;
}

export interface Composed {
  kind: 'answer' | 'declined';
  reply: string;
  /** The passages the answer quotes, best first. */
  used: SearchResult[];
  /** Why the question was declined (only with kind 'declined'): for the owner and the evaluation, never visitors. */
  declineReason?: DeclineReason;
  /** Why the answer given (kind 'answer') may not be right: for the owner's review, never visitors. */
  unsure?: UnsureReason;
  /** What the engine measured of its closest reply and how sure it was (issue 44): for evaluation and training. */
  assessment?: Assessment;
}

export function decline(
  input: Pick<ComposeInput, 'message' | 'tone' | 'email'>,
  reason?: DeclineReason,
): Composed {
  const text =
    input.email === null ? input.tone.declineNoContact : pick(input.tone.decline, input.message)(input.email);
  return { kind: 'declined', reply: text, used: [], ...(reason ? { declineReason: reason } : {}) };
}

export function compose(input: ComposeInput): Composed {
  const { results, knowledge } = input;
  const own = input.query === input.message ? null : new Set(indexTerms(input.message));
  const type = input.type === undefined ? answerTypeOf(input.message) : input.type;
  // 'online' in 'Where can I read it online?' asks for a link, which the answer must hold anyway.
  const weighted = weigh(knowledge.index.concepts(input.query), knowledge, own).map((w) =>
    type && asksForType(type, w.concept.term) ? { ...w, cover: 0 } : w,
  );
  const coverTotal = weighted.reduce((sum, w) => sum + w.cover, 0);
  const rankTotal = weighted.reduce((sum, w) => sum + w.rank, 0);
  const unmatched = noMatch(results.length, weighted);
  if (unmatched) return decline(input, unmatched);
  // A question word the document lacks declines nothing alone: it names the reason of a decline (decision 098), and a
  // thing a yes/no question asks about is a signal the assurance weighs.
  const absent = {
    word: absentWord(input.message, weighted),
    thing: absentThing(input.message, weighted, knowledge.index.rules),
  };
  const absentReason = absent.word ?? absent.thing;

  const queryTerms = indexTerms(input.query);
  const questionWords = new Set(
    (input.query.toLowerCase().match(/[\p{L}\d.]+/gu) ?? []).map((w) => w.replace(/'s$/, '')),
  );
  const topScore = results[0]!.score || 1;
  const askedWords = wordsIn(input.query);
  const named = type === 'name' ? namedThing(input.message) : null;
  const candidates: Candidate[] = [];
  results.slice(0, CANDIDATE_PASSAGES).forEach((result, rank) => {
    const units = unitsOf(result.passage);
    const heading = headingTerms(result.passage);
    const asked = faqMatch(result.passage, askedWords);
    // Per concept: its match in each unit, in the heading, and anywhere in the passage.
    const inUnits = weighted.map((w) => units.map((unit) => factorIn(w.concept, unit.terms)));
    const inHeading = weighted.map((w) => factorIn(w.concept, heading));
    const inPassage = inUnits.map((factors) => factors.reduce((a, b) => Math.max(a, b), 0));
    units.forEach((unit, position) => {
      let ranked = 0;
      let headed = 0;
      let matched = 0;
      let covered = 0;
      let ownCovered = 0;
      weighted.forEach((w, c) => {
        const factors = inUnits[c]!;
        const own = factors[position]!;
        const neighbour = Math.max(factors[position - 1] ?? 0, factors[position + 1] ?? 0);
        const headingFactor = inHeading[c]!;
        const passageFactor = inPassage[c]!;
        matched += w.rank * own;
        headed += w.rank * headingFactor;
        ranked +=
          w.rank *
          Math.max(own, CONTEXT.ranking.neighbour * neighbour, CONTEXT.ranking.passage * passageFactor);
        ownCovered += w.cover * Math.max(own, CONTEXT.coverage.heading * headingFactor);
        covered +=
          w.cover *
          Math.max(
            own,
            CONTEXT.coverage.heading * headingFactor,
            CONTEXT.coverage.neighbour * neighbour,
            CONTEXT.coverage.passage * passageFactor,
          );
      });
      const typed =
        type !== null &&
        holdsAnswerType(type, unit.text, questionWords) &&
        (named === null || named.test(unit.text));
      const score =
        ranked / rankTotal +
        SCORE.heading * (headed / rankTotal) +
        (typed ? SCORE.typed : 0) +
        SCORE.passageRank * (result.score / topScore) +
        SCORE.early / (1 + position) +
        SCORE.faq * asked +
        (unit.text.endsWith('?') ? SCORE.question : 0) +
        (unit.words < 4 && !unit.listItem ? SCORE.fragment : 0);
      candidates.push({
        unit,
        rank,
        position,
        score,
        match: matched / rankTotal,
        coverage: covered / coverTotal,
        ownCoverage: ownCovered / coverTotal,
        typed,
        headed: headed / rankTotal,
        faq: asked,
      });
    });
  });
  if (candidates.length === 0) return decline(input, absentReason ?? { rule: 'no-match', words: [] });
  candidates.sort((a, b) => b.score - a.score || a.rank - b.rank || a.position - b.position);

  const required = type !== null && requiresAnswerType(type, input.message);
  const focus = focusTerms(input.query, queryTerms);
  const missingFocus = unmatchedFocus(weighted, focus);
  const focusMissing = missingFocus.length > 0;
  const minimum = focusMissing ? COVERAGE.focusMissing : COVERAGE.min;
  const passing = candidates.find((c) =>
    required
      ? c.typed && c.coverage >= minimum && c.ownCoverage >= minimum * COVERAGE.typedOwnShare
      : c.coverage >= minimum,
  );
  // No sentence meets the bar: the best-scored one is the closest found, and the assurance says what it is worth.
  const best = passing ?? candidates[0]!;
  const belowBar: DeclineReason | null = passing
    ? null
    : focusMissing
      ? {
          rule: 'focus-missing',
          words: wordsFor(
            input.message,
            missingFocus.map((w) => w.concept.term),
          ),
        }
      : required && candidates.some((c) => c.coverage >= minimum)
        ? { rule: 'answer-type', words: [], answerType: type }
        : { rule: 'weak-match', words: [] };
  const chosen = expand(best, candidates, results, type, questionWords, new Set(queryTerms));
  // Runners-up nearly as good often hold the fact the best one only frames: they join the answer.
  for (const c of candidates) {
    if (chosen.length >= MAX_SENTENCES + 1 || c.score < best.score * RUNNER_UP_SHARE) break;
    const words = chosen.reduce((sum, u) => sum + u.unit.words, c.unit.words);
    const eligible =
      words <= ANSWER_WORDS &&
      !chosen.includes(c) &&
      !c.unit.text.endsWith('?') &&
      c.coverage >= minimum &&
      (!required || c.typed);
    if (eligible) chosen.push(c);
  }
  chosen.sort((a, b) => a.rank - b.rank || a.position - b.position);
  const body = render(chosen, input.tone, input.message);
  const usedRanks = [...new Set(chosen.map((c) => c.rank))].sort((a, b) => a - b);
  const used = usedRanks.map((rank) => results[rank]!);
  const source = sourceLine(
    used.map((r) => r.passage),
    input.documentName,
  );
  const runnerUp = candidates.find((c) => c !== best);
  const measured: AssuranceInput = {
    coverage: best.coverage,
    ownCoverage: best.ownCoverage,
    match: best.match,
    headingMatch: best.headed,
    faqMatch: best.faq,
    passageRank: best.rank,
    passageConfidence: results[best.rank]!.confidence,
    topConfidence: results[0]!.confidence,
    margin: runnerUp ? best.score - runnerUp.score : best.score,
    asksType: type !== null,
    requiresType: required,
    typed: chosen.some((c) => c.typed),
    meetsBar: passing !== undefined,
    focusMissing,
    absentThing: absent.thing !== null,
    questionWords: Math.min(askedWords.size, 12),
    yesNo: YES_NO_QUESTION.test(input.message),
    replyWords: Math.min(
      chosen.reduce((sum, c) => sum + c.unit.words, 0),
      ANSWER_WORDS,
    ),
    passagesUsed: used.length,
    listAnswer: chosen.some((c) => c.unit.listItem),
    asksMoney: type === 'money',
    asksTime: type === 'time' || type === 'duration',
    asksContact: type === 'phone' || type === 'email' || type === 'link',
    asksCount: type === 'number' || type === 'amount',
  };
  const features = featureVector(measured);
  const p = likelihood(features, input.assurance);
  const verdict = assured(p, input.assurance?.thresholds);
  // An unsure answer says so and offers the way to the business in place of the closer (issue 44).
  const unsureReply = [
    `${input.opener ?? ''}${input.tone.unsureLead}`,
    body,
    input.email === null ? '' : input.tone.unsureOffer(input.email),
    source,
  ];
  const assessment: Assessment = {
    features,
    likelihood: p,
    closest: unsureReply.filter(Boolean).join('\n\n'),
    from: 'passages',
  };
  if (verdict === 'decline')
    return { ...decline(input, absentReason ?? belowBar ?? { rule: 'weak-match', words: [] }), assessment };
  if (verdict === 'unsure') {
    const unsure = unsureOf(results[best.rank]!, type, chosen);
    return { kind: 'answer', reply: assessment.closest, used, unsure, assessment };
  }
  const parts = [
    `${input.opener ?? ''}${body}`.trim(),
    pick(input.tone.closers, `${input.message}:closer`),
    source,
  ];
  return { kind: 'answer', reply: parts.filter(Boolean).join('\n\n'), used, assessment };
}

/** Why an unsure answer may not be right, as the owner reads it (decision 064's two reasons). */
function unsureOf(
  bestSource: SearchResult,
  type: AnswerType | null,
  chosen: readonly Candidate[],
): UnsureReason {
  if (type !== null && !chosen.some((c) => c.typed) && bestSource.confidence >= CONFIDENCE_THRESHOLD)
    return { rule: 'missing-type', words: [], answerType: type };
  return { rule: 'low-confidence', words: [] };
}
