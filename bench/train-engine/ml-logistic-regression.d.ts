// The part of ml-logistic-regression (no types of its own) the trainer uses.
declare module 'ml-logistic-regression' {
  import type { Matrix } from 'ml-matrix';
  interface TwoClasses {
    weights: Matrix;
    testScores(features: Matrix): number[];
  }
  export default class LogisticRegression {
    constructor(options?: { numSteps?: number; learningRate?: number });
    classifiers: TwoClasses[];
    train(features: Matrix, target: Matrix): void;
  }
}
