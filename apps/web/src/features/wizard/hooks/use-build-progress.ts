import { useEffect, useState } from 'react';
import { isChatReady } from '@vuxo/shared/bot';
import { useAuth } from '../../auth';
import { listUserBots } from '../../dashboard';
import { BUILD_POLL_MS } from '../../../ui-tuning';

/** How far the saved bot's build has come: the summary's heading and line follow it. */
export type BuildProgress = { phase: 'learning' } | { phase: 'ready' } | { phase: 'failed'; reason: string };

const LEARNING: BuildProgress = { phase: 'learning' };

/**
 * The saved bot's build, asked every BUILD_POLL_MS until it is Ready or failed. A failed ask (offline) is asked
 * again at the next tick: the build goes on on the server whatever the page knows.
 */
export function useBuildProgress(botId: string | null): BuildProgress {
  const { getIdToken } = useAuth();
  const [progress, setProgress] = useState<{ botId: string; progress: BuildProgress } | null>(null);
  const current = botId && progress?.botId === botId ? progress.progress : LEARNING;
  const settled = current.phase !== 'learning';

  useEffect(() => {
    if (!botId || settled) return;
    let cancelled = false;
    let timer: number | undefined;
    const ask = async () => {
      try {
        const bot = (await listUserBots(getIdToken)).find((b) => b.botId === botId);
        if (cancelled || !bot) return;
        if (isChatReady(bot.status)) setProgress({ botId, progress: { phase: 'ready' } });
        else if (bot.status === 'error')
          setProgress({ botId, progress: { phase: 'failed', reason: bot.statusReason ?? '' } });
      } catch {
        // Asked again below.
      } finally {
        if (!cancelled) timer = window.setTimeout(() => void ask(), BUILD_POLL_MS);
      }
    };
    void ask();
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [botId, settled, getIdToken]);

  return current;
}
