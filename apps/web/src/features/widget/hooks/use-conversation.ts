import { useEffect, useRef, useState } from 'react';
import type { ChatAction } from './chat-state';
import { createConversation } from './conversation';

/**
 * The conversation (conversation.ts) for React: one per chat. Its state is copied into React state, so a
 * change and the other parts' answers to the same event (the daily allowance) show in one render.
 */
export function useConversation(supportEmail: string, onEvent: (event: ChatAction) => void) {
  const [conversation] = useState(() => createConversation({ supportEmail }));
  const [state, setState] = useState(conversation.state);
  const latest = useRef(onEvent);
  useEffect(() => {
    latest.current = onEvent;
  });
  useEffect(
    () =>
      conversation.subscribe((event) => {
        setState(conversation.state());
        latest.current(event);
      }),
    [conversation],
  );
  return { ...state, conversation };
}
