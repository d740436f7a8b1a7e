/**
 * The evaluation sets in ../shared/eval and how a reply is graded against them, defined once for
 * bench/answer-quality (through the API) and bench/eval-engine (in process). See ../shared/eval/README.md.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { CorpusQuestions } from './corpus.js';

export interface Answerable {
  q: string;
  any: string[][];
  /** An everyday question, as the corpus's writer marked it (the shared sets are told by `isEveryday`). */
  everyday?: boolean;
}
/** One document with its questions. */
interface DocumentSet {
  document: string;
  upload_as?: string;
  answerable: Answerable[];
  unanswerable: string[];
}
/** A `*-questions.json`: one document (Harbourview) or `sets` of them. */
type SetFile = Partial<DocumentSet> & { about?: string; sets?: DocumentSet[] };

/** A document of a set, with the name it is uploaded under and the set file it comes from. */
export interface EvalDocument extends DocumentSet {
  set: string;
  uploadAs: string;
  /** The document's file, absolute. */
  file: string;
  /** The corpus's list of the document's key facts (bench/corpus), to measure the build's against. */
  goldFacts?: CorpusQuestions['key_facts'];
}

/** The shared evaluation sets beside the repository; the Harbourview copy kept with the retrieval tests otherwise. */
export function findEvalDir(repoRoot: string): string {
  return [
    path.resolve(repoRoot, '../shared/eval'),
    path.join(repoRoot, 'apps/server/test/engine/retrieval/fixtures'),
  ].find((dir) => existsSync(path.join(dir, 'harbourview-questions.json')))!;
}

const SET_ORDER = ['harbourview', 'general', 'business'];
function rank(set: string): number {
  const i = SET_ORDER.indexOf(set);
  return i === -1 ? SET_ORDER.length : i;
}

/** Every `*-questions.json` in the directory (Harbourview, general, business, then the others by name). */
export function loadEvalSets(evalDir: string): { setNames: string[]; documents: EvalDocument[] } {
  const setNames = readdirSync(evalDir)
    .filter((file) => file.endsWith('-questions.json'))
    .map((file) => file.slice(0, -'-questions.json'.length))
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  const documents = setNames.flatMap((set) => {
    const file = JSON.parse(readFileSync(path.join(evalDir, `${set}-questions.json`), 'utf8')) as SetFile;
    const sets = file.sets ?? [file as DocumentSet];
    return sets.map((doc) => ({
      set,
      ...doc,
      uploadAs: doc.upload_as ?? path.basename(doc.document),
      file: path.join(evalDir, doc.document),
    }));
  });
  return { setNames, documents };
}

const MIME: Record<string, string> = {
  '.pdf': 'application/pdf',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.doc': 'application/msword',
  '.txt': 'text/plain',
  '.md': 'text/markdown',
  '.html': 'text/html',
};
/** The type a browser gives the upload, from its name. */
export const mimeTypeOf = (fileName: string) =>
  MIME[path.extname(fileName).toLowerCase()] ?? 'application/octet-stream';

/**
 * A text as facts are compared in it: lower case, one space, one kind of dash and apostrophe, and times written
 * one way (`11:00 AM` and `11am` alike), so a reply that restates the document's fact in the engine's format counts.
 */
export const factForm = (text: string) =>
  text
    .toLowerCase()
    .replace(/[‘’]/g, "'")
    .replace(/\s+/g, ' ')
    .replace(/\s*[-‐‑–—]\s*/g, '-')
    .replace(/\b(\d{1,2})(?:[:.]00)?\s?([ap])\.?m\b\.?/g, '$1$2m');

/**
 * Right when the reply contains every string of one group (case-insensitive, in `factForm` or as printed: '7:00' is
 * in '10:00 AM–7:00 PM', whose fact form is '10am-7pm').
 */
export const holdsFacts = (text: string, any: string[][]) => {
  const reply = factForm(text);
  const printed = text.toLowerCase();
  return any.some((group) =>
    group.every((fact) => reply.includes(factForm(fact)) || printed.includes(fact.toLowerCase())),
  );
};
/**
 * The reply says the documents do not cover it: the built-in engine's decline in every tone (engine/answer/tone.ts)
 * and the wording the model is asked for (engine/llm/prompt.ts: "you do not have that information in your
 * documents"). Typographic apostrophes count as plain ones.
 */
const DECLINE =
  /couldn'?t find|could not find|(?:don'?t|do not) have (?:any |that )?information|do not contain|not something my docs cover/i;
export const declines = (text: string) => DECLINE.test(text.replace(/[‘’]/g, "'"));

/** A reply graded: right is "holds the facts" for an answerable question (`any`), "declined" otherwise. */
export function grade(reply: string, any: string[][] | null): { declined: boolean; right: boolean } {
  const declined = declines(reply);
  return { declined, right: any ? holdsFacts(reply, any) : declined };
}

/**
 * An everyday question, the kind every visitor of a small business asks first (../shared/eval/README.md): how to
 * reach you, where you are, when you are open, how much a thing costs.
 */
const EVERYDAY =
  /\b(?:phone|telephone|call|contact|e-?mail|address|located|location|where are you|hours?|open(?:s|ing)?|clos(?:e|es|ed|ing)|pric(?:e|es|ing)|costs?|fees?|how much)\b/i;
export const isEveryday = (question: string) => EVERYDAY.test(question);

export const pct = (n: number, of: number) => (of ? `${n}/${of} (${Math.round((100 * n) / of)} %)` : '—');

const oneLine = (text: string) => text.replace(/\s*\n+\s*/g, ' ⏎ ');
/** A graded question that was not right, as one line of a misses file. */
export function missLine(
  where: string,
  o: {
    q: string;
    any: string[][] | null;
    reply: string;
    declined: boolean;
    why?: string;
    everyday?: boolean;
  },
): string {
  const declined = o.why ? `wrongly declined (${o.why})` : 'wrongly declined';
  const kind = o.everyday ? ' [everyday]' : '';
  return o.any
    ? `[${where}]${kind} ${o.declined ? declined : 'missed'}: ${o.q} | want ${JSON.stringify(o.any[0])} | got ${oneLine(o.reply)}`
    : `[${where}] not declined: ${o.q} | got ${oneLine(o.reply)}`;
}

/** Which documents to hold back while developing a rule: names (substrings) or a fold, both optional. */
export interface Holdout {
  /** Case-insensitive substrings of the upload name. */
  names: string[];
  /** Every `of`-th document starting at the `index`-th (1-based, in the sets' order). */
  fold: { index: number; of: number } | null;
}

/** Reads `--holdout=a,b` / EVAL_HOLDOUT and `--fold=N/K` / EVAL_FOLD; throws on a malformed fold. */
export function parseHoldout(args: readonly string[], env: NodeJS.ProcessEnv): Holdout {
  const option = (name: string) =>
    args.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ??
    env[`EVAL_${name.toUpperCase()}`];
  const names = (option('holdout') ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const foldText = option('fold');
  if (!foldText) return { names, fold: null };
  const match = /^(\d+)\/(\d+)$/.exec(foldText.trim());
  const index = Number(match?.[1]);
  const of = Number(match?.[2]);
  if (!match || of < 2 || index < 1 || index > of)
    throw new Error(`--fold=${foldText}: expected N/K with 1 ≤ N ≤ K and K ≥ 2, e.g. --fold=1/2`);
  return { names, fold: { index, of } };
}

/** True for the documents held back: named by a substring, or in the fold (position is 0-based). */
export function isHeldBack(holdout: Holdout, uploadAs: string, position: number): boolean {
  const name = uploadAs.toLowerCase();
  if (holdout.names.some((part) => name.includes(part))) return true;
  return holdout.fold !== null && position % holdout.fold.of === holdout.fold.index - 1;
}
