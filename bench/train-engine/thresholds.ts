/** The sure / unsure thresholds, chosen on the validate part against issue 44's goals. */

/** One question as the thresholds see it: the assurance of its closest reply (-1: declined outright). */
export interface Asked {
  p: number;
  /** The closest reply holds the asked fact (never, for an unanswerable question). */
  holds: boolean;
  answerable: boolean;
  everyday: boolean;
}
export interface Thresholds {
  sure: number;
  unsure: number;
}

/** Issue 44's bounds, in percent. */
const GOALS = { confidentlyWrong: 5, unsure: 25, unanswerableSure: 5 } as const;
type Goals = { [K in keyof typeof GOALS]: number };
/**
 * The bounds the shipped thresholds are chosen for: the issue's own (decision 094). Decision 089 allowed 35 % unsure,
 * which cost 8 points of right to meet then; refitted, meeting 25 % costs 7 points against 35 %, and the replies
 * that looser bound adds include passages on another subject ('vacation days' → orthotics in 14 business days).
 */
export const SHIPPED_BOUNDS: Goals = GOALS;

export function measureAt(rows: readonly Asked[], t: Thresholds) {
  const sure = (r: Asked) => r.p >= t.sure;
  const given = (r: Asked) => r.p >= t.unsure;
  const answerable = rows.filter((r) => r.answerable);
  const unanswerable = rows.filter((r) => !r.answerable);
  const everyday = answerable.filter((r) => r.everyday);
  const share = (n: number, of: number) => (of ? (100 * n) / of : 0);
  const m = {
    right: share(answerable.filter((r) => given(r) && r.holds).length, answerable.length),
    confidentlyWrong: share(rows.filter((r) => sure(r) && !r.holds).length, rows.length),
    unanswerableSure: share(unanswerable.filter(sure).length, unanswerable.length),
    unsure: share(rows.filter((r) => given(r) && !sure(r)).length, rows.length),
    everydayRight: share(everyday.filter((r) => given(r) && r.holds).length, everyday.length),
  };
  const cell = (n: number) => `${n.toFixed(1)} %`;
  return {
    ...m,
    cells: [m.right, m.confidentlyWrong, m.unanswerableSure, m.unsure, m.everydayRight].map(cell),
  };
}

/** How far a pair misses the goals, in percentage points (0: meets them all). */
function shortfall(m: ReturnType<typeof measureAt>, goals: Goals): number {
  return (
    2 * Math.max(0, m.confidentlyWrong - goals.confidentlyWrong) +
    Math.max(0, m.unsure - goals.unsure) +
    Math.max(0, m.unanswerableSure - goals.unanswerableSure)
  );
}

/**
 * The pair with the most questions right among those meeting the goals (ties: fewer unsure, then the higher
 * thresholds); when none meets them, the one with the least shortfall less what it gets right. Thresholds are tried
 * at every assurance seen, rounded to 0.01.
 */
export function chooseThresholds(rows: readonly Asked[], goals: Goals = GOALS): Thresholds {
  const levels = [...new Set(rows.filter((r) => r.p >= 0).map((r) => Math.round(r.p * 100) / 100))]
    .concat([0, 1])
    .sort((a, b) => a - b);
  let best: { t: Thresholds; key: number[] } | null = null;
  for (const unsure of levels)
    for (const sure of levels) {
      if (sure < unsure) continue;
      const m = measureAt(rows, { sure, unsure });
      const miss = shortfall(m, goals);
      const key =
        miss === 0 ? [1, m.right, -m.unsure, sure, unsure] : [0, m.right - 3 * miss, -m.unsure, sure, unsure];
      if (!best || compare(key, best.key) > 0) best = { t: { sure, unsure }, key };
    }
  return best!.t;
}

function compare(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

/** What right costs in the other measures: the best pair on these rows for looser bounds on unsure replies. */
export function frontier(rows: readonly Asked[]): string {
  const lines = [25, 30, 35, 40, 50].map((unsure) => {
    const t = chooseThresholds(rows, { ...GOALS, unsure });
    const m = measureAt(rows, t);
    return `  unsure ≤ ${unsure} %: sure ≥ ${t.sure}, unsure ≥ ${t.unsure} → right ${m.cells[0]}, confidently wrong ${m.cells[1]}, unsure ${m.cells[3]}, everyday right ${m.cells[4]}`;
  });
  return `\nOn validate, with confidently wrong ≤ 5 %, for looser bounds on unsure replies:\n${lines.join('\n')}`;
}
