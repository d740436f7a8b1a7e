import { useCallback, useReducer } from 'react';
import { MESSAGES_PER_DAY } from '@vuxo/shared/limits';
import { messageLimitNotice } from '@vuxo/shared/messages';
import { allowanceChanges, reducerOf, type AllowanceState, type ChatAction } from './chat-state';
import { bumpDailyCount, readDailyCount } from './daily-count';
import type { ChatMode } from './use-widget-caller';

const reduce = reducerOf(allowanceChanges);

/**
 * The visitor's messages left today: the server's count first, this browser's own count until the server
 * has given one. The owner has no limit unless the server gives a count. Events arrive through `hear`.
 */
export function useDailyAllowance(
  identifier: string | null,
  mode: ChatMode,
  botId: string | null,
  supportEmail: string,
) {
  const [state, dispatch] = useReducer(reduce, identifier, (id): AllowanceState => ({
    serverLeft: null,
    limitedBy: null,
    localCount: id ? readDailyCount(id) : 0,
  }));
  const hear = useCallback(
    (event: ChatAction) => {
      if (event.type === 'infoLoaded') dispatch({ ...event, localCount: readDailyCount(event.info.botId) });
      else if (event.type === 'answered' && mode === 'visitor' && botId) {
        dispatch({ ...event, localCount: bumpDailyCount(botId) });
      } else dispatch(event);
    },
    [botId, mode],
  );

  const limited = mode === 'visitor' || state.serverLeft !== null;
  const messagesLeft = limited
    ? (state.serverLeft ?? Math.max(0, MESSAGES_PER_DAY - state.localCount))
    : null;
  const limitReached = messagesLeft !== null && messagesLeft <= 0;
  const notice = limitReached ? messageLimitNotice(state.limitedBy ?? 'visitor', supportEmail) : null;
  return { messagesLeft, limitReached, notice, hear };
}
