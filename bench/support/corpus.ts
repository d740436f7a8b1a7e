/**
 * The corpus of real third-party documents in bench/corpus (issue 44): questions written from each document alone,
 * split by document into develop, validate and test (split.json, fixed). Features are written on develop,
 * thresholds chosen on validate; test is run once at the end, and every look at it is logged in test-looks.md.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { EvalDocument } from './eval-sets.js';

export const CORPUS_PARTS = ['develop', 'validate', 'test'] as const;
export type CorpusPart = (typeof CORPUS_PARTS)[number];
export const isCorpusPart = (name: string): name is CorpusPart =>
  (CORPUS_PARTS as readonly string[]).includes(name);

/** One document's questions, as written in bench/corpus/questions/<id>.json. */
export interface CorpusQuestions {
  id: string;
  kind: string;
  group: 'small-business' | 'policy' | 'manual' | 'faq';
  document: string;
  upload_as: string;
  format: string;
  answerable: { q: string; any: string[][]; everyday?: string }[];
  unanswerable: string[];
  trap: string;
  key_facts: {
    phones: string[];
    emails: string[];
    websites: string[];
    address: string | null;
    hours: string[];
    prices: { item: string; price: string }[];
  };
}

export const corpusDir = (repoRoot: string) => path.join(repoRoot, 'bench/corpus');

/** The ids of a part, from split.json. */
export function corpusIds(repoRoot: string, part: CorpusPart): string[] {
  const split = JSON.parse(readFileSync(path.join(corpusDir(repoRoot), 'split.json'), 'utf8')) as Record<
    CorpusPart,
    string[]
  >;
  return split[part];
}

export function readCorpusQuestions(repoRoot: string, id: string): CorpusQuestions {
  return JSON.parse(
    readFileSync(path.join(corpusDir(repoRoot), 'questions', `${id}.json`), 'utf8'),
  ) as CorpusQuestions;
}

/** A part's documents as the eval runners take them (set `corpus-<part>`; everyday as the writer marked it). */
export function loadCorpus(repoRoot: string, part: CorpusPart): EvalDocument[] {
  return corpusIds(repoRoot, part).map((id) => {
    const q = readCorpusQuestions(repoRoot, id);
    return {
      set: `corpus-${part}`,
      document: q.document,
      file: path.join(corpusDir(repoRoot), q.document),
      uploadAs: q.upload_as,
      answerable: q.answerable.map(({ q: text, any, everyday }) => ({
        q: text,
        any,
        ...(everyday ? { everyday: true } : {}),
      })),
      unanswerable: q.unanswerable,
      goldFacts: q.key_facts,
    };
  });
}

/** Every look at the test part leaves a line: date, commit, figure (issue 44). */
export function logTestLook(repoRoot: string, commit: string, figure: string): void {
  appendFileSync(
    path.join(corpusDir(repoRoot), 'test-looks.md'),
    `| ${new Date().toISOString().slice(0, 16).replace('T', ' ')} | ${commit} | ${figure} |\n`,
  );
}
