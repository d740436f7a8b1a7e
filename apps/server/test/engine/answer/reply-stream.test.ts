import { CHAT_REPLY_MAX } from '@vuxo/shared';
import { sanitizeMarkdown } from '../../../src/engine/answer/index.js';
import { sanitizeMarkdownPiece } from '../../../src/engine/answer/markdown-safety.js';
import { replyStream, type ReplyProgress } from '../../../src/engine/answer/reply-stream.js';

/** Streams `pieces` and returns what a client shows after each event, and every event. */
function streamed(pieces: string[], finish = true) {
  const events: ReplyProgress[] = [];
  const states: string[] = [];
  let shown = '';
  const stream = replyStream((event) => {
    events.push(event);
    shown = event.type === 'text' ? shown + event.text : event.text;
    states.push(shown);
  });
  const prefixes: { raw: string; shown: string }[] = [];
  let raw = '';
  for (const piece of pieces) {
    stream.push(piece);
    raw += piece;
    prefixes.push({ raw, shown });
  }
  if (finish) stream.finish(sanitizeMarkdown(raw));
  return { events, states, prefixes, shown, raw };
}

/** A seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const TOKENS = [
  'word',
  ' ',
  ' ',
  '\n',
  '\n\n',
  '\t',
  '[',
  ']',
  '(',
  ')',
  '](',
  ']:',
  '!',
  '![',
  '\\',
  '"',
  "'",
  ':',
  '<',
  '<b>',
  'javascript',
  'data',
  'file',
  'JavaScript',
  'java',
  'script',
  ' :',
  'http://x.example/a',
  'mailto:a@b.example',
  '\r',
  '\r\n',
  '\u0001',
  '\u200b',
  '   ',
  '&',
  'x',
];

describe('a reply sanitized as it streams', () => {
  it('sanitizes each character once: N pieces cost O(total), not O(N × total)', () => {
    let processed = 0;
    const counting = (text: string) => {
      processed += text.length;
      return sanitizeMarkdownPiece(text);
    };
    const reply =
      'Custom orthotics cost $450 per pair and take [two weeks](https://example.com/orthotics). ' +
      'Book at <reception> or write to [us](mailto:care@example.com).\n\n_Source: Fees_\n';
    const text = reply.repeat(8).slice(0, 1_900);
    const stream = replyStream(() => undefined, { sanitize: counting });
    for (const c of text) stream.push(c);
    expect(processed).toBeGreaterThan(text.length / 2);
    // Each piece is sanitized once, with one letter of context.
    expect(processed).toBeLessThanOrEqual(2 * text.length);
  });

  it('streams word by word, ending exactly as the whole reply sanitized', () => {
    const text = 'The initial assessment is $120 and takes about an hour.\n\n_Source: Fees_';
    const { events, shown } = streamed(text.split(/(?<=\s)/));
    expect(events.filter((e) => e.type === 'text').length).toBeGreaterThan(5);
    expect(events.every((e) => e.type === 'text')).toBe(true);
    expect(shown).toBe(text);
  });

  it('never shows more than the reply cap, and ends with the capped reply', () => {
    const text = 'We are open every day. '.repeat(200);
    const { states, shown } = streamed(text.split(/(?<=\s)/));
    for (const state of states.slice(0, -1)) expect(state.length).toBeLessThanOrEqual(CHAT_REPLY_MAX);
    expect(shown).toBe(sanitizeMarkdown(text));
  });

  it('shows at every step a prefix of the reply so far sanitized whole, however the text is cut', () => {
    for (let seed = 1; seed <= 400; seed++) {
      const next = random(seed);
      let text = '';
      while (text.length < 120) text += TOKENS[Math.floor(next() * TOKENS.length)];
      const pieces: string[] = [];
      for (let at = 0; at < text.length;) {
        const size = 1 + Math.floor(next() * 6);
        pieces.push(text.slice(at, at + size));
        at += size;
      }
      const { prefixes, shown, events } = streamed(pieces);
      for (const step of prefixes) {
        const whole = sanitizeMarkdown(step.raw);
        if (!whole.startsWith(step.shown)) {
          throw new Error(`seed ${seed}: showed ${JSON.stringify(step.shown)} for ${JSON.stringify(whole)}`);
        }
      }
      expect(shown).toBe(sanitizeMarkdown(text));
      expect(events.filter((e) => e.type === 'replace')).toEqual([]);
    }
  });
});
