import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { WIDGET_MSG } from '@vuxo/shared/messages';
import { VISITOR_REQUEST_MSG as MSG } from '@vuxo/shared/visitor-requests';
import { ChatConversation } from '../../src/features/widget/components/chat-conversation';
import { useRequestMenu } from '../../src/features/widget/components/request-menu';
import { DEFAULT_BOT_INFO, type ChatMessage } from '../../src/features/widget/hooks/chat-state';
import type { ChatSession } from '../../src/features/widget/hooks/use-chat-session';

const BOT = 'Harbour Helper';

const session = (info: Partial<ChatSession['info']>, messages: ChatMessage[] = []): ChatSession => ({
  status: 'loaded',
  info: { ...DEFAULT_BOT_INFO, botId: 'bot_harbour0001', botName: BOT, ready: true, ...info },
  messages,
  sending: false,
  streaming: false,
  questions: [],
  questionsError: null,
  error: null,
  retriesExhausted: false,
  messagesLeft: 15,
  limitReached: false,
  limitNotice: null,
  canSend: true,
  placeholder: WIDGET_MSG.placeholder,
  send: vi.fn(async () => false),
  stop: vi.fn(),
  rate: vi.fn(),
  retry: vi.fn(),
});

const asked = (question: string, reply: Partial<ChatMessage>): ChatMessage[] => [
  { id: 'q', position: 'right', text: question, date: new Date() },
  { id: 'a', position: 'left', text: 'Reply', date: new Date(), sources: [], ...reply },
];

/** A chat header's menu above its conversation, as /embed and /public-chat put them. */
function Chat({ chat }: { chat: ChatSession }) {
  const requests = useRequestMenu(chat);
  return (
    <>
      <header>{requests.menu}</header>
      <ChatConversation session={chat} variant="panel" requests={requests.controls} />
    </>
  );
}

afterEach(cleanup);

describe('the offer to leave a request (decision 068)', () => {
  it('follows a reply the server says is declined', async () => {
    render(<Chat chat={session({}, asked('Do you sell saddles?', { declined: true }))} />);
    expect(await screen.findByText(MSG.offer(BOT))).toBeTruthy();
  });

  it('follows a reply the server says is unsure, the closest it found (issue 44)', async () => {
    render(<Chat chat={session({}, asked('Can I bring my dog?', { unsure: true }))} />);
    expect(await screen.findByText(MSG.offer(BOT))).toBeTruthy();
  });

  it('does not follow a reply without sources that is not declined (small talk, a saved answer)', async () => {
    render(<Chat chat={session({}, asked('Hello!', {}))} />);
    // The offer's chunk has loaded (the visitor asked something), and it stays quiet.
    await screen.findByRole('button', { name: MSG.menuLabel });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(MSG.offer(BOT))).toBeNull();
  });

  it('is neither offered nor in a menu when the owner turned requests off', async () => {
    render(<Chat chat={session({ requestsOff: true }, asked('Do you sell saddles?', { declined: true }))} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(MSG.offer(BOT))).toBeNull();
    expect(screen.queryByRole('button', { name: MSG.menuLabel })).toBeNull();
  });
});

describe('the chat menu', () => {
  it('opens the request form at any time, by keyboard; Escape closes it and focus goes back', async () => {
    render(<Chat chat={session({})} />);
    // The menu is its own chunk: its button arrives once the bot is known to take requests.
    const button = await screen.findByRole('button', { name: MSG.menuLabel });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(button);
    const item = screen.getByRole('menuitem', { name: MSG.menuItem });
    expect(document.activeElement).toBe(item);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(item, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);

    fireEvent.click(button);
    fireEvent.click(screen.getByRole('menuitem', { name: MSG.menuItem }));
    const form = await screen.findByRole('form', { name: MSG.title(BOT) });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText(MSG.emailLabel, { exact: true }));
    expect(form).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: MSG.cancel }));
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('closes when the visitor clicks elsewhere', async () => {
    render(<Chat chat={session({})} />);
    fireEvent.click(await screen.findByRole('button', { name: MSG.menuLabel }));
    expect(screen.getByRole('menu')).toBeTruthy();
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
