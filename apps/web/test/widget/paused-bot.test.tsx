import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { WIDGET_MSG } from '@vuxo/shared/messages';
import { ChatConversation } from '../../src/features/widget/components/chat-conversation';
import { DEFAULT_BOT_INFO } from '../../src/features/widget/hooks/chat-state';
import type { ChatSession } from '../../src/features/widget/hooks/use-chat-session';

/** A loaded chat (the widget, the public chat, the owner console) with the bot info the server gave. */
const session = (info: Partial<ChatSession['info']>): ChatSession => ({
  status: 'loaded',
  info: { ...DEFAULT_BOT_INFO, botId: 'bot_harbour0001', botName: 'Harbour Helper', ...info },
  messages: [],
  sending: false,
  streaming: false,
  questions: [],
  questionsError: null,
  error: null,
  retriesExhausted: false,
  messagesLeft: 15,
  limitReached: false,
  limitNotice: null,
  canSend: false,
  placeholder: WIDGET_MSG.placeholder,
  send: vi.fn(async () => false),
  stop: vi.fn(),
  rate: vi.fn(),
  retry: vi.fn(),
});

afterEach(cleanup);

describe('a bot over its owner’s plan’s bot limit (decision 032)', () => {
  it('tells the visitor it is paused, in the product’s words', () => {
    render(<ChatConversation session={session({ ready: false, paused: true })} variant="panel" />);
    expect(screen.getByText(WIDGET_MSG.botPaused).getAttribute('role')).toBe('status');
    expect(screen.queryByText(/still being set up/)).toBeNull();
  });

  it('a bot still being built says so instead', () => {
    render(<ChatConversation session={session({ ready: false })} variant="page" />);
    expect(screen.getByText(/Harbour Helper is still being set up/)).toBeTruthy();
    expect(screen.queryByText(WIDGET_MSG.botPaused)).toBeNull();
  });
});
