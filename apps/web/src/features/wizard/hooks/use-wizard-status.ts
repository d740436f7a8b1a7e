import { useCallback, useEffect, useState } from 'react';
import { AUTH_MSG } from '@vuxo/shared/messages';
import type { UserPlan } from '@vuxo/shared/schemas';
import { useAuth } from '../../auth';
import { getUserPlanStatus } from '../api/get-user-plan-status';

/** The wizard status. */
export type WizardStatus = 'initializing' | 'checking_plan' | 'ready' | 'limit_reached' | 'error';

interface PlanCheck {
  uid: string;
  attempt: number;
  plan: UserPlan | null;
  error: string | null;
}

/**
 * initializing while auth loads; a signed-in user then goes to checking_plan and on to ready,
 * limit_reached (currentBots >= maxBots) or error; with no signed-in user, straight to ready.
 */
export function useWizardStatus() {
  const { status: authStatus, user, getIdToken } = useAuth();
  const uid = user?.emailVerified ? user.uid : null;
  const [attempt, setAttempt] = useState(0);
  const [check, setCheck] = useState<PlanCheck | null>(null);

  useEffect(() => {
    if (!uid) return;
    let cancelled = false;
    const settle = (plan: UserPlan | null, error: string | null) => {
      if (!cancelled) setCheck({ uid, attempt, plan, error });
    };
    (async () => {
      let token: string;
      try {
        token = await getIdToken(false);
      } catch (error) {
        settle(null, AUTH_MSG.wizardAuthError((error as Error).message));
        return;
      }
      try {
        settle(await getUserPlanStatus(token), null);
      } catch (error) {
        settle(null, (error as Error).message);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [uid, attempt, getIdToken]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const current = check && check.uid === uid && check.attempt === attempt ? check : null;

  let status: WizardStatus;
  if (authStatus === 'loading') status = 'initializing';
  else if (!uid) status = 'ready';
  else if (!current) status = 'checking_plan';
  else if (current.error || !current.plan) status = 'error';
  else status = current.plan.limits.currentBots >= current.plan.limits.maxBots ? 'limit_reached' : 'ready';

  return {
    status,
    signedIn: uid !== null,
    plan: current?.plan ?? null,
    planError: current?.error ?? null,
    retry,
  };
}
