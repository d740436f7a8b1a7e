import { useCallback, useEffect, useMemo, useReducer, type RefObject } from 'react';
import { MAX_RETRIES } from '@vuxo/shared/limits';
import { WIDGET_MSG } from '@vuxo/shared/messages';
import { getPublicBotInfo } from '../api/get-public-bot-info';
import {
  infoChanges,
  initialInfoState,
  reducerOf,
  WELCOME_ID,
  type ChatAction,
  type ChatMessage,
} from './chat-state';
import type { CallerFor } from './use-widget-caller';

const reduce = reducerOf(infoChanges);

/** Why the bot info failed, for 'Failed to load bot details: <reason>. …' (no doubled full stop). */
function reasonOf(error: unknown): string {
  const text = error instanceof Error && error.message ? error.message : 'Unknown error';
  return text.trim().replace(/[.\s]+$/, '');
}

/**
 * The bot info with its fallback and the welcome message: loaded on first show and on every Retry of the
 * error banner (at most MAX_RETRIES). Its events (loaded, failed, Retry) also go to `others`.
 */
export function useBotInfo(
  identifier: string | null,
  callerFor: CallerFor,
  supportEmail: string,
  others: RefObject<(event: ChatAction) => void>,
) {
  const [state, dispatch] = useReducer(reduce, identifier, (id) =>
    initialInfoState(id ? null : WIDGET_MSG.noIdentifier(supportEmail)),
  );
  const emit = useCallback(
    (event: ChatAction) => {
      dispatch(event);
      others.current(event);
    },
    [others],
  );

  useEffect(() => {
    if (!identifier) return;
    const controller = new AbortController();
    getPublicBotInfo(callerFor([identifier]), identifier, controller.signal).then(
      ({ info, messagesLeft, limitedBy }) =>
        emit({ type: 'infoLoaded', info, messagesLeft, limitedBy, at: new Date() }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = WIDGET_MSG.loadFailed(reasonOf(error), supportEmail);
        emit({ type: 'infoFailed', error: message, at: new Date() });
      },
    );
    return () => controller.abort();
  }, [identifier, callerFor, emit, state.loadKey, supportEmail]);

  const retry = useCallback(() => {
    if (state.retries >= MAX_RETRIES) {
      emit({ type: 'maxRetries', error: WIDGET_MSG.maxRetries(supportEmail) });
      return;
    }
    emit({ type: 'retry' });
    if (!identifier) {
      emit({ type: 'infoFailed', error: WIDGET_MSG.noIdentifier(supportEmail), at: new Date() });
    }
  }, [emit, identifier, state.retries, supportEmail]);

  const welcome = useMemo((): ChatMessage | null => {
    if (!state.welcomeAt) return null;
    const { welcomeMessage, botName } = state.info;
    const text = welcomeMessage.trim() || `Hello! I’m ${botName}. How can I help you today?`;
    return { id: WELCOME_ID, position: 'left', text, date: state.welcomeAt };
  }, [state.welcomeAt, state.info]);

  return { ...state, welcome, retry };
}
