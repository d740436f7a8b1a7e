import { pct } from '../support/eval-sets.js';
import { tableText } from '../support/print-table.js';

/** A graded question, as the three kinds of reply see it (issue 44). */
export interface KindOutcome {
  /** null for an unanswerable question. */
  any: string[][] | null;
  right: boolean;
  declined: boolean;
  unsure: boolean;
  everyday: boolean;
}

/**
 * Issue 44's measures per set: right (the fact in the reply, sure or unsure), confidently wrong (a sure reply
 * without the fact, to any question), unanswerable declined or unsure, unsure replies, everyday right and sure.
 */
export function replyKinds(sets: readonly (readonly [string, KindOutcome[]])[]) {
  const measures = (outcomes: KindOutcome[]) => {
    const answerable = outcomes.filter((o) => o.any);
    const unanswerable = outcomes.filter((o) => !o.any);
    const everyday = answerable.filter((o) => o.everyday);
    const everydayRight = everyday.filter((o) => o.right);
    const sure = (o: KindOutcome) => !o.declined && !o.unsure;
    return {
      right: pct(answerable.filter((o) => o.right).length, answerable.length),
      confidentlyWrong: pct(
        answerable.filter((o) => sure(o) && !o.right).length + unanswerable.filter(sure).length,
        outcomes.length,
      ),
      unansweredSafely: pct(unanswerable.filter((o) => !sure(o)).length, unanswerable.length),
      unsure: pct(outcomes.filter((o) => !o.declined && o.unsure).length, outcomes.length),
      everydayRight: pct(everydayRight.length, everyday.length),
      everydaySure: pct(everydayRight.filter(sure).length, everydayRight.length),
    };
  };
  const bySet = new Map(sets.map(([set, outcomes]) => [set, measures(outcomes)]));
  const rows = [
    [
      'set',
      'right (≥ 75 %)',
      'confidently wrong (≤ 5 %)',
      'unanswerable declined or unsure (≥ 95 %)',
      'unsure (≤ 25 %)',
      'everyday right (≥ 95 %)',
      'of those, sure (≥ 90 %)',
    ],
    ...[...bySet].map(([set, m]) => [
      set,
      m.right,
      m.confidentlyWrong,
      m.unansweredSafely,
      m.unsure,
      m.everydayRight,
      m.everydaySure,
    ]),
  ];
  return {
    table: tableText('Three kinds of reply (issue 44): sure, unsure, declined', rows),
    /** One line of a set's figures, for the test part's log. */
    summary: (set: string) => {
      const m = bySet.get(set);
      return m
        ? `right ${m.right}; confidently wrong ${m.confidentlyWrong}; unanswerable safe ${m.unansweredSafely}; unsure ${m.unsure}; everyday right ${m.everydayRight}, sure ${m.everydaySure}`
        : '—';
    },
  };
}
