import { lazy, Suspense, useState } from 'react';
import type { ChatSession } from '../hooks/use-chat-session';

/**
 * The request offer, its form and the chat menu: one chunk (decision 068, bench/widget's first-load budget), fetched
 * once the bot is known to take requests, for the menu's button.
 */
const requestChunk = () => import('./request-offer');
export const RequestOffer = lazy(requestChunk);
const RequestChatMenu = lazy(() => requestChunk().then((chunk) => ({ default: chunk.RequestChatMenu })));

/** True when the visitor may leave a request: the bot is known and its owner has not turned requests off. */
export const takesRequests = (session: Pick<ChatSession, 'info' | 'status'>): boolean =>
  session.status === 'loaded' && session.info.botId !== null && !session.info.requestsOff;

/** The request form: not shown, open, or sent (its confirmation shown). */
export type RequestForm = 'closed' | 'open' | 'sent';

/** The request form's state, kept by the page so it outlives the widget's panel being closed and opened. */
export interface RequestControls {
  form: RequestForm;
  setForm: (form: RequestForm) => void;
}

/**
 * The request form's state and the chat header's menu, whose item opens the form at any time (issue 32),
 * shown only while the bot takes requests. The button arrives with its chunk, at the header's end: nothing moves.
 */
export function useRequestMenu(session: Pick<ChatSession, 'info' | 'status'>) {
  const [form, setForm] = useState<RequestForm>('closed');
  const menu = takesRequests(session) ? (
    <Suspense fallback={null}>
      <RequestChatMenu onAskForReply={() => setForm('open')} />
    </Suspense>
  ) : null;
  return { menu, controls: { form, setForm } satisfies RequestControls };
}
