import { describe, expect, it, vi } from 'vitest';
import { ERROR_CODES } from '@vuxo/shared/error-codes';
import { WIDGET_MSG } from '@vuxo/shared/messages';
import { ApiError } from '../../src/app/api-client';
import type { ChatAnswer, ChatMessageOptions } from '../../src/features/widget/api/send-chat-message';
import type { FeedbackVote } from '@vuxo/shared/insights';
import type { ChatAction } from '../../src/features/widget/hooks/chat-state';
import { createConversation, type ChatPeer } from '../../src/features/widget/hooks/conversation';

const email = 'help@example.com';

const answer = (fields: Partial<ChatAnswer> = {}): ChatAnswer => ({
  reply: 'We are open 9 to 6.',
  messagesLeft: 12,
  limitedBy: null,
  sources: [],
  declined: false,
  unsure: false,
  messageId: 'msg_1',
  note: null,
  ...fields,
});

/** A bot that answers with `reply(options)`; its calls are recorded. */
function peerAnswering(reply: (options: ChatMessageOptions) => Promise<ChatAnswer>) {
  const peer = {
    ask: vi.fn((_request: Parameters<ChatPeer['ask']>[0], options: ChatMessageOptions) => reply(options)),
    rate: vi.fn(async (_messageId: string, _vote: FeedbackVote) => undefined),
  };
  return peer;
}

/** A conversation with no typing delay, and the events it made. */
function conversation() {
  const chat = createConversation({ supportEmail: email, typingMs: 0 });
  const events: ChatAction[] = [];
  chat.subscribe((event) => events.push(event));
  const view = () => chat.state().messages.map((m) => [m.position, m.text]);
  return { chat, events, view };
}

describe('the widget’s conversation, without React', () => {
  it('adds no reply while the owner holds the conversation, and each of the owner’s messages once', async () => {
    const { chat, events, view } = conversation();
    const peer = peerAnswering(async () =>
      answer({ reply: null, held: true, messageId: null, messagesLeft: 11 }),
    );
    expect(await chat.send('Are you there?', peer)).toBe(true);
    expect(view()).toEqual([['right', 'Are you there?']]);
    expect(chat.state().sending).toBe(false);
    expect(events.map((e) => e.type)).toEqual(['sent', 'delivered']);
    const fromOwner = {
      id: 'live-3',
      position: 'left' as const,
      text: 'Yes!',
      date: new Date(),
      author: 'Maria',
    };
    chat.hear({ type: 'live', message: fromOwner });
    // A stream that resumes may send it again: it is shown once.
    chat.hear({ type: 'live', message: { ...fromOwner } });
    expect(view()).toEqual([
      ['right', 'Are you there?'],
      ['left', 'Yes!'],
    ]);
    expect(chat.state().messages[1]).toMatchObject({ author: 'Maria' });
  });

  it('sends a message with the history so far, and adds the reply, rated only once finished', async () => {
    const { chat, events, view } = conversation();
    const peer = peerAnswering(async () => answer());
    const sending = chat.send('  When are you open?  ', peer);
    expect(chat.state()).toMatchObject({ sending: true, sendError: null });
    expect(await sending).toBe(true);
    expect(view()).toEqual([
      ['right', 'When are you open?'],
      ['left', 'We are open 9 to 6.'],
    ]);
    expect(chat.state().sending).toBe(false);
    expect(chat.state().messages[1]).toMatchObject({ answerId: 'msg_1' });
    expect(events.map((e) => e.type)).toEqual(['sent', 'answered']);
    expect(events[1]).toMatchObject({ messagesLeft: 12 });

    await chat.send('And on Sunday?', peer);
    expect(peer.ask.mock.calls[1]?.[0]).toEqual({
      message: 'And on Sunday?',
      history: [
        { role: 'user', content: 'When are you open?' },
        { role: 'assistant', content: 'We are open 9 to 6.' },
      ],
    });
  });

  it('marks a reply the server says is declined, and only that one', async () => {
    const { chat } = conversation();
    await chat.send(
      'Do you sell saddles?',
      peerAnswering(async () => answer({ declined: true })),
    );
    await chat.send(
      'Hello',
      peerAnswering(async () => answer({ sources: [] })),
    );
    const replies = chat.state().messages.filter((m) => m.position === 'left');
    expect(replies.map((m) => m.declined ?? false)).toEqual([true, false]);
  });

  it('shows a streamed reply as its parts arrive, in one message', async () => {
    const { chat, view } = conversation();
    const seen: (string | boolean | undefined)[][][] = [];
    chat.subscribe(() =>
      seen.push(
        chat
          .state()
          .messages.slice(1)
          .map((m) => [m.text, m.streaming]),
      ),
    );
    const peer = peerAnswering(async ({ onText }) => {
      onText?.('We are');
      onText?.('We are open');
      return answer({ reply: 'We are open 9 to 6.' });
    });
    await chat.send('Hours?', peer);
    expect(seen).toEqual([
      [],
      [['We are', true]],
      [['We are open', true]],
      [['We are open 9 to 6.', undefined]],
    ]);
    expect(view()).toEqual([
      ['right', 'Hours?'],
      ['left', 'We are open 9 to 6.'],
    ]);
  });

  it('Stop keeps what arrived, with the note, and the reply cannot be rated', async () => {
    const { chat, view } = conversation();
    let signal: AbortSignal | undefined;
    const peer = peerAnswering(
      (options) =>
        new Promise((resolve) => {
          signal = options.signal;
          options.onText?.('Open from 9');
          // As sendChatMessage does: the stopped stream ends with what arrived.
          signal?.addEventListener('abort', () =>
            resolve(answer({ reply: 'Open from 9', note: WIDGET_MSG.replyStopped, messagesLeft: null })),
          );
        }),
    );
    const sending = chat.send('Hours?', peer);
    await vi.waitFor(() => expect(chat.state().messages[1]?.streaming).toBe(true));
    chat.stop();
    expect(signal?.aborted).toBe(true);
    expect(await sending).toBe(true);
    expect(view()).toEqual([
      ['right', 'Hours?'],
      ['left', 'Open from 9'],
    ]);
    const reply = chat.state().messages[1];
    expect(reply).toMatchObject({ note: WIDGET_MSG.replyStopped });
    expect(reply?.streaming).toBeUndefined();
    expect(reply?.answerId).toBeUndefined();
    expect(chat.state().sending).toBe(false);
  });

  it('a failed send marks the message unanswered, shows the banner, and leaves it out of the history', async () => {
    const { chat, events } = conversation();
    const failing = peerAnswering(async () => {
      throw new TypeError('network error');
    });
    expect(await chat.send('Hello?', failing)).toBe(false);
    expect(chat.state()).toMatchObject({ sending: false, sendError: WIDGET_MSG.sendFailed(email) });
    expect(chat.state().messages).toMatchObject([{ text: 'Hello?', failed: true }]);
    expect(events.at(-1)).toMatchObject({ type: 'sendFailed', limitReached: false });

    const peer = peerAnswering(async () => answer());
    await chat.send('Hello again?', peer);
    expect(peer.ask.mock.calls[0]?.[0].history).toEqual([]);
    expect(chat.state().sendError).toBeNull();
  });

  it('a refusal at the daily limit shows no banner and says which allowance is used up', async () => {
    const { chat, events } = conversation();
    const refusing = peerAnswering(async () => {
      throw new ApiError('Limit', 429, ERROR_CODES.messageLimitReached, { limitedBy: 'network' });
    });
    expect(await chat.send('Hello?', refusing)).toBe(false);
    expect(chat.state().sendError).toBeNull();
    expect(events.at(-1)).toMatchObject({ type: 'sendFailed', limitReached: true, limitedBy: 'network' });
  });

  it('refuses to send while the bot is unknown, and while a reply is on its way', async () => {
    const { chat } = conversation();
    expect(await chat.send('Hello?', null)).toBe(false);
    expect(chat.state()).toMatchObject({ messages: [], sendError: WIDGET_MSG.notConfigured(email) });

    let finish: (value: ChatAnswer) => void = () => undefined;
    const peer = peerAnswering(() => new Promise((resolve) => (finish = resolve)));
    const first = chat.send('One', peer);
    expect(await chat.send('Two', peer)).toBe(false);
    finish(answer());
    await first;
    expect(peer.ask).toHaveBeenCalledTimes(1);
  });

  it('Retry from the error banner clears the send error', async () => {
    const { chat } = conversation();
    await chat.send('Hello?', null);
    chat.hear({ type: 'retry' });
    expect(chat.state().sendError).toBeNull();
  });

  it('rates a finished answer once, shown at once, given back if the server did not take it', async () => {
    const { chat } = conversation();
    const peer = peerAnswering(async () => answer());
    await chat.send('Hours?', peer);
    const reply = () => chat.state().messages[1]!;

    peer.rate.mockRejectedValueOnce(new ApiError('Server error', 500));
    chat.rate(reply(), 'up', peer);
    expect(reply().vote).toBe('up');
    expect(peer.rate).toHaveBeenCalledWith('msg_1', 'up');
    await vi.waitFor(() => expect(reply().vote).toBeUndefined());

    chat.rate(reply(), 'down', peer);
    expect(reply().vote).toBe('down');
    chat.rate(reply(), 'up', peer);
    await Promise.resolve();
    expect(reply().vote).toBe('down');
    expect(peer.rate).toHaveBeenCalledTimes(2);
  });

  it('keeps a rating the server already has (another tab), and never rates the visitor’s own message', async () => {
    const { chat } = conversation();
    const peer = peerAnswering(async () => answer());
    await chat.send('Hours?', peer);
    peer.rate.mockRejectedValueOnce(new ApiError('Already rated', 409));
    chat.rate(chat.state().messages[1]!, 'up', peer);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(chat.state().messages[1]?.vote).toBe('up');

    chat.rate(chat.state().messages[0]!, 'up', peer);
    expect(chat.state().messages[0]?.vote).toBeUndefined();
    expect(peer.rate).toHaveBeenCalledTimes(1);
  });
});
