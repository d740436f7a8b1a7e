import { useCallback, useState } from 'react';
import { DASHBOARD_MSG } from '@vuxo/shared/messages';
import { useAuth } from '../../auth';
import { errorMessage } from '../../../app/api-client';
import { keepBotLive } from '../api/keep-bot-live';

interface Options {
  /** Reloads the list: which bots are paused is the server's to say. */
  reload: () => Promise<void>;
  onFailed: (message: string) => void;
}

/** "Keep live" on a paused bot's card: that bot answers again and another pauses in its place. */
export function useKeepLive({ reload, onFailed }: Options) {
  const { getIdToken } = useAuth();
  const [keepingId, setKeepingId] = useState<string | null>(null);

  const keepLive = useCallback(
    async (botId: string) => {
      if (keepingId) return;
      setKeepingId(botId);
      try {
        await keepBotLive(getIdToken, botId);
        await reload();
      } catch (failure) {
        onFailed(DASHBOARD_MSG.keepLiveFailed(errorMessage(failure)));
      } finally {
        setKeepingId(null);
      }
    },
    [keepingId, getIdToken, reload, onFailed],
  );

  return { keepingId, keepLive };
}
