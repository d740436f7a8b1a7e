import { describe, expect, it } from 'vitest';
import { render, screen, fireEvent } from '@testing-library/react';
import { WIDGET_MSG, messageLimitNotice } from '@vuxo/shared/messages';
import { isWidgetHostMessage, parseEmbedParams } from '@vuxo/shared/widget';
import { parseDailyCount } from '../../src/features/widget/hooks/daily-count';
import { chatReducer, initialChatState, type ChatState } from '../../src/features/widget/hooks/chat-state';
import { SuggestionBoundary } from '../../src/features/widget/components/suggestion-strip';

const params = (query: string) => parseEmbedParams(new URLSearchParams(query));

describe('the /embed query parameters', () => {
  it('has the defaults', () => {
    expect(params('')).toEqual({
      isInitiallyOpen: true,
      width: 350,
      height: 500,
      isFullScreen: false,
      isAlways: true,
    });
  });

  it('turns isInitiallyOpen and isAlways off only with the text false, isFullScreen on only with true', () => {
    expect(params('isInitiallyOpen=no&isAlways=0&isFullScreen=1')).toMatchObject({
      isInitiallyOpen: true,
      isAlways: true,
      isFullScreen: false,
    });
    expect(params('isInitiallyOpen=false&isAlways=false&isFullScreen=true')).toMatchObject({
      isInitiallyOpen: false,
      isAlways: false,
      isFullScreen: true,
    });
  });

  it('clamps width to 300-800 and height to 400-800, and ignores what is not a number', () => {
    expect(params('width=10&height=10')).toMatchObject({ width: 300, height: 400 });
    expect(params('width=5000&height=5000')).toMatchObject({ width: 800, height: 800 });
    expect(params('width=abc&height=')).toMatchObject({ width: 350, height: 500 });
    expect(params('width=420.4&height=612.6')).toMatchObject({ width: 420, height: 613 });
  });
});

describe('the daily counter', () => {
  const now = new Date(2026, 4, 20, 15, 30);
  const stored = (count: number, date: Date) => JSON.stringify({ count, date: date.toISOString() });

  it('counts today’s messages', () => {
    expect(parseDailyCount(stored(4, new Date(2026, 4, 20, 0, 1)), now)).toBe(4);
  });

  it('starts again when the stored date is before local midnight', () => {
    expect(parseDailyCount(stored(9, new Date(2026, 4, 19, 23, 59)), now)).toBe(0);
  });

  it('reads nothing from a missing or broken value', () => {
    expect(parseDailyCount(null, now)).toBe(0);
    expect(parseDailyCount('{oops', now)).toBe(0);
    expect(parseDailyCount(JSON.stringify({ count: 'x', date: now.toISOString() }), now)).toBe(0);
  });
});

describe('the chat state', () => {
  const loaded = (state: ChatState, questions: string[]) =>
    chatReducer(state, {
      type: 'infoLoaded',
      info: {
        botId: 'bot_1',
        botName: 'Helper',
        botImageUrl: null,
        welcomeMessage: '',
        themeId: 'default',
        generatedQuestions: questions,
        ready: true,
      },
      messagesLeft: 12,
      localCount: 3,
      at: new Date(),
    });

  it('asks for suggested questions only when the bot info came without any', () => {
    expect(loaded(initialChatState(null, 0), []).questionsStatus).toBe('pending');
    expect(loaded(initialChatState(null, 0), ['Hi?']).questionsStatus).toBe('idle');
  });

  it('counts Retry, and clears the errors', () => {
    let state = chatReducer(initialChatState(null, 0), { type: 'infoFailed', error: 'x', at: new Date() });
    state = chatReducer(state, { type: 'sendFailed', id: 'm1', error: 'y', limitReached: false });
    state = chatReducer(state, { type: 'retry' });
    expect(state).toMatchObject({ status: 'loading', retries: 1, infoError: null, sendError: null });
  });

  it('takes the server’s count, and the limit from a refused message', () => {
    let state = loaded(initialChatState(null, 0), ['Hi?']);
    expect(state.serverLeft).toBe(12);
    state = chatReducer(state, { type: 'sendFailed', id: 'm1', error: null, limitReached: true });
    expect(state.serverLeft).toBe(0);
  });

  it('keeps which allowance the server says is used up, for the notice', () => {
    let state = loaded(initialChatState(null, 0), ['Hi?']);
    expect(state.limitedBy).toBeNull();
    state = chatReducer(state, {
      type: 'sendFailed',
      id: 'm1',
      error: null,
      limitReached: true,
      limitedBy: 'network',
    });
    expect(state).toMatchObject({ serverLeft: 0, limitedBy: 'network' });
    expect(messageLimitNotice('network', 'a@b.example')).toBe(WIDGET_MSG.networkLimitReached('a@b.example'));
    expect(messageLimitNotice('network', 'a@b.example')).not.toContain('15');
    expect(messageLimitNotice('visitor', 'a@b.example')).toBe(
      'Message limit reached (15 messages). Please try again tomorrow or contact a@b.example.',
    );
  });
});

describe('the suggestions fallback box', () => {
  function Crash(): never {
    throw new Error('strip crashed');
  }

  it('reads the product’s message with a Retry button', () => {
    const original = console.error;
    console.error = () => undefined;
    try {
      render(
        <SuggestionBoundary email="help@example.com">
          <Crash />
        </SuggestionBoundary>,
      );
    } finally {
      console.error = original;
    }
    expect(screen.getByRole('alert').textContent).toContain(WIDGET_MSG.stripCrashed('help@example.com'));
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    console.error = () => undefined;
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    } finally {
      console.error = original;
    }
    // It draws the strip again (which crashes again here, so the box is back).
    expect(screen.getByRole('alert')).toBeTruthy();
  });
});

describe('the embed script’s messages to the iframe', () => {
  it('are accepted only in their exact shape', () => {
    expect(isWidgetHostMessage({ source: 'vuxo-host', type: 'open' })).toBe(true);
    expect(isWidgetHostMessage({ source: 'vuxo-host', type: 'close' })).toBe(true);
    expect(isWidgetHostMessage({ source: 'vuxo-host', type: 'eval' })).toBe(false);
    expect(isWidgetHostMessage({ source: 'other', type: 'open' })).toBe(false);
    expect(isWidgetHostMessage({ source: 'vuxo-host', type: 'open', html: '<b>' })).toBe(false);
    expect(isWidgetHostMessage('open')).toBe(false);
    expect(isWidgetHostMessage(null)).toBe(false);
  });
});
