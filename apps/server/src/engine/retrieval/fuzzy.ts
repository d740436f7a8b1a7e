/** Typo and prefix matching against the index vocabulary. */

/** Optimal-string-alignment distance (a swap counts once), or max + 1 once it exceeds max. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, (before[j - 2] ?? 0) + 1);
      current.push(d);
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > max) return max + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length] ?? max + 1;
}

export interface Match {
  term: string;
  factor: number;
}

/** How much a near match counts, relative to the exact word. */
export const FUZZY_FACTOR = { edit1: 0.7, edit2: 0.55, prefix: 0.6 } as const;
const MAX_PREFIX_MATCHES = 8;

/** The vocabulary, sorted and bucketed by length, built on first use. */
export class Vocabulary {
  private readonly sorted: string[];
  private readonly byLength = new Map<number, string[]>();
  private readonly words: Set<string>;

  constructor(words: Iterable<string>) {
    this.sorted = [...words].filter((w) => /^[a-z]/.test(w)).sort();
    this.words = new Set(this.sorted);
    for (const w of this.sorted) {
      const bucket = this.byLength.get(w.length) ?? [];
      bucket.push(w);
      this.byLength.set(w.length, bucket);
    }
  }

  /**
   * Words the (unknown) term is probably meant to be: the closest typo corrections (one edit from 5 letters,
   * two from 8; same first letter, same first two for two edits), completions ('physio' → 'physiotherapy')
   * and stems the term starts with ('parkng' → 'park').
   */
  similar(term: string): Match[] {
    if (term.length < 4 || !/^[a-z]+$/.test(term)) return [];
    const max = term.length >= 8 ? 2 : term.length >= 5 ? 1 : 0;
    let best = max + 1;
    let found: string[] = [];
    for (let len = term.length - max; len <= term.length + max; len++) {
      for (const w of this.byLength.get(len) ?? []) {
        if (w[0] !== term[0]) continue;
        const d = editDistance(term, w, Math.min(max, best));
        if (d === 2 && w[1] !== term[1]) continue;
        if (d < best) [best, found] = [d, [w]];
        else if (d === best && d <= max) found.push(w);
      }
    }
    const factor = best === 1 ? FUZZY_FACTOR.edit1 : FUZZY_FACTOR.edit2;
    const matches: Match[] = best <= max ? found.map((w) => ({ term: w, factor })) : [];
    for (let len = Math.max(4, Math.ceil(term.length * 0.6)); len < term.length; len++) {
      const head = term.slice(0, len);
      if (this.words.has(head)) matches.push({ term: head, factor: FUZZY_FACTOR.prefix });
    }
    let i = lowerBound(this.sorted, term);
    for (let n = 0; n < MAX_PREFIX_MATCHES && this.sorted[i]?.startsWith(term); n++, i++) {
      matches.push({ term: this.sorted[i] ?? '', factor: FUZZY_FACTOR.prefix });
    }
    if (matches.length === 0 && ABBREVIATION.test(term)) matches.push(...this.expansions(term));
    return matches;
  }

  /**
   * The words an abbreviation written without its vowels may stand for ('appt' → 'appoint', 'wknd' → 'weekend'):
   * same first letter, its letters in order, and a word at least two letters longer.
   */
  private expansions(term: string): Match[] {
    const found: Match[] = [];
    let i = lowerBound(this.sorted, term[0]!);
    for (; i < this.sorted.length && this.sorted[i]![0] === term[0]; i++) {
      const w = this.sorted[i]!;
      if (w.length >= term.length + 2 && isSubsequence(term, w))
        found.push({ term: w, factor: FUZZY_FACTOR.prefix });
      if (found.length > MAX_EXPANSIONS) return [];
    }
    return found;
  }
}

/** A word with no vowel after its first letter ('appt', 'wknd'): written short, not misspelt. */
const ABBREVIATION = /^[a-z][^aeiouy]{2,5}$/;
/** More readings than this and the abbreviation says nothing. */
const MAX_EXPANSIONS = 4;

function isSubsequence(short: string, long: string): boolean {
  let at = 0;
  for (const c of long) if (c === short[at]) at++;
  return at === short.length;
}

function lowerBound(sorted: string[], value: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] ?? '') < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
