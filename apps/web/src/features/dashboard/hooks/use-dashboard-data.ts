import { useCallback, useEffect, useRef, useState } from 'react';
import { DEFAULT_USER_PLAN } from '@vuxo/shared/dashboard';
import { DASHBOARD_MSG } from '@vuxo/shared/messages';
import type { BotSummary, UserPlan } from '@vuxo/shared/schemas';
import { useAuth } from '../../auth';
import { errorMessage } from '../../../app/api-client';
import { getUserPlanStatus } from '../api/get-user-plan-status';
import { listUserBots } from '../api/list-user-bots';

/**
 * How a load shows: `initial` and `manual` set loading (skeletons the first time, the refresh spinner
 * after, Create disabled, countdown paused); `background` (the auto-refresh) changes only the data.
 */
export type LoadMode = 'initial' | 'manual' | 'background';

export interface DashboardData {
  bots: BotSummary[];
  plan: UserPlan;
  loading: boolean;
  /** True once a load has finished (successfully or not): skeletons show only before. */
  settled: boolean;
  /** The red banner: 'Failed to load dashboard: …' or 'Authentication required to view bots.' */
  error: string | null;
  dismissError: () => void;
  load: (mode: LoadMode) => Promise<void>;
  /** After a delete: the bot leaves the list and currentBots goes down by one (not below 0). */
  removeBot: (botId: string) => void;
  /** After a change saved elsewhere (the Share dialog's theme): the listed bot takes it. */
  updateBot: (botId: string, change: Partial<BotSummary>) => void;
}

/**
 * The bot list and the plan status, fetched in parallel with a fresh token each
 *. A failure empties the list and resets the plan to its default (section 8).
 * A load superseded by a newer one, or by a delete, is ignored when it lands.
 */
export function useDashboardData(): DashboardData {
  const { user, getIdToken } = useAuth();
  const [bots, setBots] = useState<BotSummary[]>([]);
  const [plan, setPlan] = useState<UserPlan>(DEFAULT_USER_PLAN);
  const [loading, setLoading] = useState(true);
  const [settled, setSettled] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const generation = useRef(0);
  const inFlight = useRef(false);
  const signedIn = user !== null;

  /** Fetches both and applies the result, unless a newer load or a delete came since (`id`). */
  const run = useCallback(
    async (id: number) => {
      try {
        const [nextBots, nextPlan] = await (signedIn
          ? Promise.all([listUserBots(getIdToken), getUserPlanStatus(getIdToken)])
          : Promise.reject(new AuthRequired()));
        if (id !== generation.current) return;
        setBots(nextBots);
        setPlan(nextPlan);
        setError(null);
      } catch (failure) {
        if (id !== generation.current) return;
        setBots([]);
        setPlan(DEFAULT_USER_PLAN);
        setError(
          failure instanceof AuthRequired
            ? DASHBOARD_MSG.authRequired
            : DASHBOARD_MSG.loadFailed(errorMessage(failure)),
        );
      } finally {
        if (id === generation.current) {
          inFlight.current = false;
          setLoading(false);
          setSettled(true);
        }
      }
    },
    [signedIn, getIdToken],
  );

  const load = useCallback(
    async (mode: LoadMode) => {
      if (mode === 'background' && (inFlight.current || document.hidden)) return;
      const id = ++generation.current;
      inFlight.current = true;
      if (mode !== 'background') setLoading(true);
      await run(id);
    },
    [run],
  );

  // The first load: `loading` starts true, so only the fetch is needed.
  useEffect(() => {
    const id = ++generation.current;
    inFlight.current = true;
    void run(id);
  }, [run]);

  const removeBot = useCallback((botId: string) => {
    // Whatever was loading started before the delete: let it land unseen.
    generation.current += 1;
    inFlight.current = false;
    setLoading(false);
    setBots((current) => current.filter((bot) => bot.botId !== botId));
    setPlan((current) => ({
      ...current,
      limits: { ...current.limits, currentBots: Math.max(0, current.limits.currentBots - 1) },
    }));
  }, []);

  const updateBot = useCallback((botId: string, change: Partial<BotSummary>) => {
    setBots((current) => current.map((bot) => (bot.botId === botId ? { ...bot, ...change } : bot)));
  }, []);

  const dismissError = useCallback(() => setError(null), []);

  return { bots, plan, loading, settled, error, dismissError, load, removeBot, updateBot };
}

class AuthRequired extends Error {}
