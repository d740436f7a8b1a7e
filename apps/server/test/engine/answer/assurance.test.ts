import {
  ASSURANCE_FEATURES,
  assured,
  featureVector,
  likelihood,
} from '../../../src/engine/answer/assurance.js';
import { ASSURANCE_MODEL } from '../../../src/engine/answer/assurance-model.js';

/** Decision 089: one likelihood, fitted by `npm run train:engine`, split in three by two thresholds. */
describe('the assurance', () => {
  it('ships a model fitted on exactly the features the engine measures, with ordered thresholds', () => {
    expect(ASSURANCE_MODEL.features).toEqual([...ASSURANCE_FEATURES]);
    for (const list of [ASSURANCE_MODEL.mean, ASSURANCE_MODEL.scale, ASSURANCE_MODEL.weights])
      expect(list).toHaveLength(ASSURANCE_FEATURES.length);
    const { sure, unsure } = ASSURANCE_MODEL.thresholds;
    expect(0 < unsure && unsure <= sure && sure < 1).toBe(true);
  });

  it('is the logistic of the weighted sum of the scaled features', () => {
    const n = ASSURANCE_FEATURES.length;
    const model = {
      ...ASSURANCE_MODEL,
      mean: Array<number>(n).fill(0),
      scale: Array<number>(n).fill(2),
      weights: Array<number>(n).fill(0),
      bias: -1,
    };
    model.weights[ASSURANCE_FEATURES.indexOf('coverage')] = 4;
    const vector = featureVector({ coverage: 0.5, typed: true });
    expect(vector[ASSURANCE_FEATURES.indexOf('typed')]).toBe(1);
    // z = -1 + 4 × (0.5 / 2) = 0
    expect(likelihood(vector, model)).toBeCloseTo(0.5, 10);
    expect(likelihood(featureVector({ coverage: 1 }), model)).toBeCloseTo(1 / (1 + Math.exp(-1)), 10);
  });

  it('is sure from the sure threshold up, unsure from the unsure one, and declines below', () => {
    const thresholds = { sure: 0.8, unsure: 0.5 };
    expect(assured(0.8, thresholds)).toBe('sure');
    expect(assured(0.79, thresholds)).toBe('unsure');
    expect(assured(0.5, thresholds)).toBe('unsure');
    expect(assured(0.49, thresholds)).toBe('decline');
  });

  it('weighs a reply that holds the asked kind of fact above one that does not, all else equal', () => {
    const base = {
      coverage: 1,
      ownCoverage: 1,
      match: 0.6,
      meetsBar: true,
      asksType: true,
      requiresType: true,
    };
    expect(likelihood(featureVector({ ...base, typed: true }))).toBeGreaterThan(
      likelihood(featureVector({ ...base, typed: false })),
    );
  });
});
