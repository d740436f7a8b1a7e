/** The suggested questions visitors see as chips, and the owner's list of them (zod-free; schemas/ validates). */

/** How many suggested questions a bot shows at most, and the longest one (a chip shows it whole on a phone). */
export const SUGGESTED_QUESTIONS_LIMITS = { count: 8, chars: 80 } as const;

/**
 * What makes two suggestions the same question: case, spacing and punctuation aside ('Do you deliver?' and
 * 'do you deliver' are one).
 */
export function questionKey(question: string): string {
  return question
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The first question that repeats an earlier one (by questionKey), or null. */
export function repeatedQuestion(questions: readonly string[]): string | null {
  const seen = new Set<string>();
  for (const question of questions) {
    const key = questionKey(question);
    if (seen.has(key)) return question;
    seen.add(key);
  }
  return null;
}
