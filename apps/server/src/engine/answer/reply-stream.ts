import { CHAT_REPLY_MAX } from '@vuxo/shared/chat';
import { plainLines, sanitizeMarkdownPiece } from './markdown-safety.js';

/** More of a reply being written, or (when safety rules rewrote earlier text) all of it so far. */
export type ReplyProgress = { type: 'text' | 'replace'; text: string };

const SPACE = new Set([' ', '\t', '\n']);
/** A scheme the safety rules break (`javascript :`) may not end a piece: its colon could follow in the next. */
const SCHEME_END = /\b(?:javascript|vbscript|data|file|livescript)$/i;

/**
 * Passes a reply on as safe markdown while a model writes it, at a cost proportional to the new text: each
 * character is sanitized once. The text is cut into pieces at spaces that no safety rule reaches across (not inside
 * a link's `[label]`, its `](address "title")` or a `[label]:` definition line, not after a scheme word), so the
 * pieces sanitized one by one read exactly as the whole reply sanitized at once. A piece is sent once complete;
 * `finish` sends the rest (or, when the reply's cap or its ending changed what was shown, the whole reply again).
 */
export function replyStream(
  onText: (progress: ReplyProgress) => void,
  options: { sanitize?: (text: string) => string; maxLength?: number } = {},
) {
  const sanitize = options.sanitize ?? sanitizeMarkdownPiece;
  const maxLength = options.maxLength ?? CHAT_REPLY_MAX;
  let text = '';
  /** A `\r` that ended the last piece: with a `\n` after it, the two are one line end. */
  let carriage = false;
  let scanned = 0;
  let sent = 0;
  let shown = '';
  let capped = false;
  // Where the scan is: inside `[…`, inside `](…` (its parenthesis depth, and an open title quote), on a definition line.
  let label = false;
  let depth = -1;
  let quote = '';
  let definition = false;
  let escaped = false;

  /** Reads the new text; returns the last place a piece may end. */
  function scan(): number {
    let boundary = sent;
    for (; scanned < text.length; scanned++) {
      const c = text[scanned]!;
      const before = text[scanned - 1] ?? ' ';
      const quiet = !label && depth < 0 && !definition && !escaped;
      if (SPACE.has(c) && quiet && !/\s/.test(before)) {
        if (!SCHEME_END.test(text.slice(Math.max(0, scanned - 11), scanned))) boundary = scanned;
      }
      const literal = escaped;
      escaped = !literal && c === '\\';
      if (c === '\n') definition = false;
      if (depth >= 0) {
        if (quote) {
          if (c === quote) quote = '';
        } else if (c === '"' || c === "'") quote = c;
        else if (!literal && c === '(') depth++;
        else if (!literal && c === ')') depth--;
      } else if (before === ']' && c === '(') depth = 0;
      else if (before === ']' && c === ':') definition = true;
      if (c === '[') label = true;
      else if (c === ']' && !literal) label = false;
    }
    return boundary;
  }

  function send(piece: string): void {
    if (capped || piece === '') return;
    if (shown.length + piece.length > maxLength) {
      capped = true;
      return;
    }
    shown += piece;
    onText({ type: 'text', text: piece });
  }

  return {
    /** More of the reply, as the model wrote it. */
    push(more: string): void {
      let plain = (carriage ? '\r' : '') + more;
      carriage = plain.endsWith('\r');
      if (carriage) plain = plain.slice(0, -1);
      text += plainLines(plain);
      const boundary = scan();
      if (boundary <= sent) return;
      const piece = text.slice(sent, boundary);
      // A piece after the first starts mid-line: a letter before it keeps `^` rules from matching at its start.
      const safe = sent === 0 ? sanitize(piece).trimStart() : sanitize(`x${piece}`).slice(1);
      sent = boundary;
      send(shown === '' ? safe.trimStart() : safe);
    },
    /** The reply is over: `reply` is all of it, safe, as the answer gives it. */
    finish(reply: string): void {
      if (reply === shown) return;
      if (reply.startsWith(shown)) onText({ type: 'text', text: reply.slice(shown.length) });
      else onText({ type: 'replace', text: reply });
      shown = reply;
    },
  };
}
