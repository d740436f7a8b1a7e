/** The sure / unsure thresholds, chosen on the validate part against issue 44's goals. */

/** A reply the engine weighed: its assurance (-1: declined outright) and whether it holds the asked fact. */
export interface Weighed {
  p: number;
  /** Never, for an unanswerable question. */
  holds: boolean;
}
/**
 * One question as the thresholds see it: its closest reply, where that came from, and for the closest facts the
 * passages' reply they stand in for — the engine gives that one instead where it is sure (answer-engine.ts).
 */
export interface Asked extends Weighed {
  from: 'passages' | 'facts' | 'closest-facts';
  insteadOf?: Weighed;
  answerable: boolean;
  everyday: boolean;
}

/** What the engine replies at these thresholds: a reply from the key facts is never declined, closest facts never sure. */
function outcome(r: Asked, t: Thresholds): { given: boolean; sure: boolean; holds: boolean } {
  if (r.from === 'closest-facts') {
    if (r.insteadOf && r.insteadOf.p >= t.sure) return { given: true, sure: true, holds: r.insteadOf.holds };
    return { given: true, sure: false, holds: r.holds };
  }
  if (r.from === 'facts') return { given: true, sure: r.p >= t.sure, holds: r.holds };
  return { given: r.p >= t.unsure, sure: r.p >= t.sure, holds: r.holds };
}
export interface Thresholds {
  sure: number;
  unsure: number;
}

/** Issue 44's bounds, in percent. */
const GOALS = { confidentlyWrong: 5, unsure: 25, unanswerableSure: 5 } as const;
type Goals = { [K in keyof typeof GOALS]: number };
/**
 * The bounds the shipped thresholds are chosen for. Decision 094 took the issue's own 25 % unsure; decision 096,
 * with the trainer replaying the engine, found that bound declines replies that hold the fact (validate: 7 more right
 * at 30 %, against 3 more unsure replies to questions the document does not answer, and a demo bot's "emergencies at
 * night?" declined), so unsure may be 30 %.
 */
export const SHIPPED_BOUNDS: Goals = { ...GOALS, unsure: 30 };

export function measureAt(rows: readonly Asked[], t: Thresholds) {
  const replies = rows.map((r) => ({ ...outcome(r, t), answerable: r.answerable, everyday: r.everyday }));
  const answerable = replies.filter((r) => r.answerable);
  const unanswerable = replies.filter((r) => !r.answerable);
  const everyday = answerable.filter((r) => r.everyday);
  const share = (n: number, of: number) => (of ? (100 * n) / of : 0);
  const m = {
    right: share(answerable.filter((r) => r.given && r.holds).length, answerable.length),
    confidentlyWrong: share(replies.filter((r) => r.sure && !r.holds).length, replies.length),
    unanswerableSure: share(unanswerable.filter((r) => r.sure).length, unanswerable.length),
    unsure: share(replies.filter((r) => r.given && !r.sure).length, replies.length),
    everydayRight: share(everyday.filter((r) => r.given && r.holds).length, everyday.length),
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
 * at every assurance seen, rounded to 0.01. With `alsoOn` (develop, three times validate's size) the goals must hold
 * there too: a pair that meets them on validate's 241 replies alone may be a fluke of a few replies (decision 096).
 */
export function chooseThresholds(
  rows: readonly Asked[],
  goals: Goals = GOALS,
  alsoOn: readonly Asked[] = [],
): Thresholds {
  const seen = rows.flatMap((r) => [r.p, r.insteadOf?.p ?? -1]).filter((p) => p >= 0);
  const levels = [...new Set(seen.map((p) => Math.round(p * 100) / 100))]
    .concat([0, 1])
    .sort((a, b) => a - b);
  let best: { t: Thresholds; key: number[] } | null = null;
  for (const unsure of levels)
    for (const sure of levels) {
      if (sure < unsure) continue;
      const m = measureAt(rows, { sure, unsure });
      const miss =
        shortfall(m, goals) + (alsoOn.length ? shortfall(measureAt(alsoOn, { sure, unsure }), goals) : 0);
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
export function frontier(rows: readonly Asked[], alsoOn: readonly Asked[] = []): string {
  const lines = [25, 30, 35, 40, 50].map((unsure) => {
    const t = chooseThresholds(rows, { ...GOALS, unsure }, alsoOn);
    const m = measureAt(rows, t);
    return `  unsure ≤ ${unsure} %: sure ≥ ${t.sure}, unsure ≥ ${t.unsure} → right ${m.cells[0]}, confidently wrong ${m.cells[1]}, unsure ${m.cells[3]}, everyday right ${m.cells[4]}`;
  });
  return `\nOn validate, with confidently wrong ≤ 5 % (on develop too), for looser bounds on unsure replies:\n${lines.join('\n')}`;
}
