import { editDistance } from '../retrieval/fuzzy.js';
import { generalRank } from '../retrieval/specificity.js';
import { fold, stem, terms } from '../retrieval/text-analysis.js';

/**
 * A word this common in everyday English is itself, not a misspelling of a rule's word one letter away: 'most' is
 * not 'cost', 'feed' not 'fees', 'pride' not 'price' (SUBTLEX ranks; 'cots' at 7,700 may still be 'cost').
 */
const COMMON_WORD_RANK = 5000;

/**
 * A visitor's question read once for all the fact rules (contact, address, hours, prices): folded, and read with
 * each rule's own words for a near spelling of them ('whats your phone numbr', 'wat time do you opne'). Each
 * reading is made at most once per question, however many rules ask for it.
 */
export interface AskedQuestion {
  readonly text: string;
  /** Lower case, without diacritics or apostrophes, single spaces. */
  readonly folded: string;
  /** Its index terms. */
  readonly terms: string[];
  /** The folded question with near spellings of the vocabulary's words read as them. */
  near(vocabulary: Vocabulary): string;
  /** The index terms of `near(vocabulary)`. */
  termsNear(vocabulary: Vocabulary): string[];
}

/** A rule's own words, and how a visitor's word may be read as one of them. */
export interface Vocabulary {
  readonly words: readonly string[];
  /** Shorter words are never read as another. */
  readonly minLength: number;
  /** Whether a hyphenated word is one word ('e-mail'). */
  readonly hyphenated?: boolean;
}

export function askedQuestion(text: string): AskedQuestion {
  const folded = fold(text).replace(/[’']/g, '').replace(/\s+/g, ' ').trim();
  const readings = new Map<Vocabulary, { text: string; terms?: string[] }>();
  const reading = (vocabulary: Vocabulary) => {
    let known = readings.get(vocabulary);
    if (!known) {
      known = { text: readNear(folded, vocabulary) };
      readings.set(vocabulary, known);
    }
    return known;
  };
  let own: string[] | undefined;
  return {
    text,
    folded,
    get terms() {
      own ??= terms(text);
      return own;
    },
    near: (vocabulary) => reading(vocabulary).text,
    termsNear(vocabulary) {
      const known = reading(vocabulary);
      known.terms ??= terms(known.text);
      return known.terms;
    },
  };
}

function readNear(folded: string, { words, minLength, hyphenated }: Vocabulary): string {
  return folded.replace(hyphenated ? /[\p{L}-]+/gu : /\p{L}+/gu, (word) => {
    if (word.length < minLength || words.includes(word)) return word;
    const near = words.find((w) => Math.abs(w.length - word.length) <= 1 && editDistance(word, w, 1) <= 1);
    if (!near) return word;
    const own = stem(word);
    return own !== stem(near) && generalRank(own) <= COMMON_WORD_RANK ? word : near;
  });
}
