import { afterEach, describe, expect, it, vi } from 'vitest';
import { VISITOR_ID_HEADER } from '@vuxo/shared/chat';
import { CHAT_STREAM_TYPE, type ChatStreamEvent } from '@vuxo/shared/chat-stream';
import { WIDGET_MSG } from '@vuxo/shared/messages';
import { widgetVisitorKey } from '@vuxo/shared/widget';
import { ApiError } from '../../src/app/api-client';
import { sendChatMessage } from '../../src/features/widget/api/send-chat-message';
import { chatReducer, initialChatState } from '../../src/features/widget/hooks/chat-state';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const caller = { visitorKeys: ['share_1'] };
const request = { botConfigId: 'bot_1', message: 'Hello?', history: [] };
const line = (event: ChatStreamEvent) => `${JSON.stringify(event)}\n`;
const bytes = (text: string) => new TextEncoder().encode(text);

/**
 * The server, as fetch sees it: the chunks of a streamed reply, one per read, then the end (or a broken
 * connection). The body breaks off as a real one does when the call is aborted.
 */
function streamReply(chunks: (string | Uint8Array)[], end: 'close' | 'break' | 'hang' = 'close') {
  const fetch = vi.fn(async (_path: string, init: RequestInit) => {
    let next = 0;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        init.signal?.addEventListener('abort', () =>
          controller.error(new DOMException('The user aborted a request.', 'AbortError')),
        );
      },
      async pull(controller) {
        await new Promise((resolve) => setTimeout(resolve, 1));
        const chunk = chunks[next++];
        if (chunk !== undefined) controller.enqueue(typeof chunk === 'string' ? bytes(chunk) : chunk);
        else if (end === 'close') controller.close();
        else if (end === 'break') controller.error(new TypeError('network error'));
        else await new Promise(() => undefined);
      },
    });
    return new Response(body, {
      status: 200,
      headers: { 'content-type': `${CHAT_STREAM_TYPE}; charset=utf-8`, [VISITOR_ID_HEADER]: 'v_1' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function jsonReply(status: number, body: unknown) {
  const fetch = vi.fn(
    async () =>
      new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json; charset=utf-8', [VISITOR_ID_HEADER]: 'v_2' },
      }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** Sends one message, noting every text shown while it arrives. */
async function send(options: { signal?: AbortSignal } = {}) {
  const shown: string[] = [];
  const answer = await sendChatMessage(caller, request, { ...options, onText: (text) => shown.push(text) });
  return { answer, shown };
}

const finished = {
  messagesLeft: 11,
  sources: [{ ordinal: 0, heading: 'Prices', page: null }],
  visitorId: 'v_1',
  messageId: 'msg_1',
};

describe('a streamed chat reply', () => {
  it('asks for a stream, and shows the text as it arrives, lines split anywhere across chunks', async () => {
    const all =
      line({ type: 'text', text: 'A consultation ' }) +
      line({ type: 'text', text: 'costs €40' }) +
      line({ type: 'done', reply: 'A consultation costs €40.', ...finished });
    const euro = all.indexOf('€');
    const raw = bytes(all);
    const cut = new TextEncoder().encode(all.slice(0, euro)).length + 1; // inside the euro sign's bytes
    const fetch = streamReply([
      raw.slice(0, 7),
      raw.slice(7, cut),
      raw.slice(cut, cut + 30),
      raw.slice(cut + 30),
    ]);

    const { answer, shown } = await send();

    const headers = fetch.mock.calls[0]![1].headers as Record<string, string>;
    expect(headers.Accept).toBe(CHAT_STREAM_TYPE);
    expect(shown).toEqual(['A consultation ', 'A consultation costs €40']);
    // `done` is authoritative: its reply replaces what was streamed.
    expect(answer).toEqual({
      reply: 'A consultation costs €40.',
      messagesLeft: 11,
      limitedBy: null,
      sources: [{ ordinal: 0, heading: 'Prices', page: null }],
      declined: false,
      unsure: false,
      messageId: 'msg_1',
      note: null,
    });
    expect(localStorage.getItem(widgetVisitorKey('share_1'))).toBe('v_1');
  });

  it('replaces the text shown on `replace`, and skips a line it cannot read', async () => {
    streamReply([
      line({ type: 'text', text: 'Call 555-0100 or ' }),
      '{"type":"text","text":\n',
      line({ type: 'replace', text: 'Call us or ' }),
      '{"type":"unknown"}\n',
      line({ type: 'text', text: 'book online.' }),
      line({ type: 'done', reply: 'Call us or book online.', ...finished }),
    ]);
    const { answer, shown } = await send();
    expect(shown).toEqual(['Call 555-0100 or ', 'Call us or ', 'Call us or book online.']);
    expect(answer.reply).toBe('Call us or book online.');
  });

  it('keeps what arrived with the note on `cut`, and its count', async () => {
    streamReply([
      line({ type: 'text', text: 'We are open ' }),
      line({ type: 'text', text: 'Monday to' }),
      line({
        type: 'cut',
        error: WIDGET_MSG.replyCut,
        messagesLeft: 4,
        visitorId: 'v_1',
        messageId: 'msg_2',
      }),
    ]);
    const { answer, shown } = await send();
    expect(shown.at(-1)).toBe('We are open Monday to');
    expect(answer).toMatchObject({
      reply: 'We are open Monday to',
      note: WIDGET_MSG.replyCut,
      messagesLeft: 4,
      messageId: 'msg_2',
    });
  });

  it('keeps what arrived with WIDGET_MSG.replyCut when the connection breaks or ends early', async () => {
    streamReply([line({ type: 'text', text: 'Free parking ' })], 'break');
    expect((await send()).answer).toMatchObject({
      reply: 'Free parking ',
      note: WIDGET_MSG.replyCut,
      messagesLeft: null,
      messageId: null,
    });
    streamReply([line({ type: 'text', text: 'Free parking ' }), '{"type":"text","te'], 'close');
    expect((await send()).answer).toMatchObject({ reply: 'Free parking ', note: WIDGET_MSG.replyCut });
  });

  it('stops when the visitor stops it, keeping what arrived with WIDGET_MSG.replyStopped', async () => {
    streamReply(
      [line({ type: 'text', text: 'Book online ' }), line({ type: 'text', text: 'or call' })],
      'hang',
    );
    const controller = new AbortController();
    const shown: string[] = [];
    const answer = await sendChatMessage(caller, request, {
      signal: controller.signal,
      onText: (text) => {
        shown.push(text);
        if (shown.length === 2) controller.abort();
      },
    });
    expect(answer).toMatchObject({
      reply: 'Book online or call',
      note: WIDGET_MSG.replyStopped,
      messagesLeft: null,
      messageId: null,
    });
  });
});

describe('a chat reply in JSON (the built-in engine, or a refusal)', () => {
  it('is read as before, with no text streamed', async () => {
    jsonReply(200, {
      reply: 'We are open 9 to 6.',
      messagesLeft: 14,
      visitorId: 'v_2',
      messageId: 'msg_3',
      confidence: 'unsure',
    });
    const { answer, shown } = await send();
    expect(shown).toEqual([]);
    expect(answer).toEqual({
      reply: 'We are open 9 to 6.',
      messagesLeft: 14,
      limitedBy: null,
      sources: [],
      declined: false,
      unsure: true,
      messageId: 'msg_3',
      note: null,
    });
    expect(localStorage.getItem(widgetVisitorKey('share_1'))).toBe('v_2');
    jsonReply(200, { reply: '   ' });
    expect((await send()).answer.reply).toBeNull();
  });

  it('reads the server’s word that the bot declined, not an answer without sources', async () => {
    jsonReply(200, {
      reply: 'I could not find that. Please contact help@example.com.',
      sources: [],
      declined: true,
    });
    expect((await send()).answer).toMatchObject({ declined: true, sources: [] });
    jsonReply(200, { reply: 'Hello! How can I help?', sources: [] });
    expect((await send()).answer.declined).toBe(false);
  });

  it('throws the refusal as an ApiError, with its code and body', async () => {
    jsonReply(429, { error: 'Message limit reached', code: 'MESSAGE_LIMIT_REACHED', limitedBy: 'network' });
    const refused = await send().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 429, code: 'MESSAGE_LIMIT_REACHED' });
  });
});

describe('the chat state while a reply streams', () => {
  it('grows one reply in place, then replaces it with the finished one', () => {
    let state = chatReducer(initialChatState(null, 0), {
      type: 'sent',
      message: { id: 'q', position: 'right', text: 'Hours?', date: new Date() },
    });
    const part = (text: string) => ({
      id: 'r',
      position: 'left' as const,
      text,
      date: new Date(),
      streaming: true,
    });
    state = chatReducer(state, { type: 'streamed', message: part('We are') });
    state = chatReducer(state, { type: 'streamed', message: part('We are open') });
    expect(state.messages.map((m) => [m.id, m.text, m.streaming])).toEqual([
      ['q', 'Hours?', undefined],
      ['r', 'We are open', true],
    ]);
    state = chatReducer(state, {
      type: 'answered',
      message: {
        id: 'r',
        position: 'left',
        text: 'We are open 9 to 6.',
        date: new Date(),
        answerId: 'msg_1',
      },
      messagesLeft: 13,
      localCount: 2,
    });
    expect(state.messages.map((m) => [m.id, m.text, m.streaming])).toEqual([
      ['q', 'Hours?', undefined],
      ['r', 'We are open 9 to 6.', undefined],
    ]);
    expect(state).toMatchObject({ sending: false, serverLeft: 13 });
  });
});
