import { useEffect, useRef, useState, type ReactNode } from 'react';
import { backAt, LIVE_MSG } from '@vuxo/shared/live';
import type { ChatMessage } from '../hooks/chat-state';
import { connectLive, liveOwnerName, liveStatus, requestLive } from './visitor-live';

export { connectLive };

interface Props {
  botId: string;
  /** The email form, as the widget offers it when nobody is here. */
  form: ReactNode;
  /** The owner's messages go into the conversation. */
  receive: (message: ChatMessage) => void;
  className?: string;
}

/**
 * "Ask for a reply" tries a person first (issue 47): when the owner is in their Live view, the visitor is in
 * their queue and told who will answer; otherwise the email form, as before.
 */
export default function LiveFirst({ botId, form, receive, className }: Props) {
  const [state, setState] = useState<
    { phase: 'checking' } | { phase: 'offline'; back: string | null } | { phase: 'live'; name: string }
  >(() => {
    const name = liveOwnerName(botId);
    return name ? { phase: 'live', name } : { phase: 'checking' };
  });

  // The latest session's receiver, without starting over on every render.
  const receiver = useRef(receive);
  useEffect(() => {
    receiver.current = receive;
  });

  useEffect(() => {
    let current = true;
    const deliver = (message: ChatMessage) => receiver.current(message);
    const known = liveOwnerName(botId);
    if (known) {
      connectLive(botId, known, deliver);
      return;
    }
    liveStatus(botId)
      .then((status) => (status.ownerOnline ? requestLive(botId) : status))
      .then((status) => {
        if (!current) return;
        if (!status.ownerOnline || !status.ownerName)
          return setState({ phase: 'offline', back: backAt(status.hours ?? [], new Date()) });
        connectLive(botId, status.ownerName, deliver);
        setState({ phase: 'live', name: status.ownerName });
      })
      .catch(() => current && setState({ phase: 'offline', back: null }));
    return () => {
      current = false;
    };
  }, [botId]);

  if (state.phase === 'checking') return null;
  if (state.phase === 'offline')
    return (
      <>
        {state.back && <p className={className}>{state.back}</p>}
        {form}
      </>
    );
  return (
    <p className={className} role="status">
      {LIVE_MSG.ownerHere(state.name)}
    </p>
  );
}
