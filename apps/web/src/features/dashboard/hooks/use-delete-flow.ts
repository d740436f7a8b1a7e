import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { DASHBOARD_MSG } from '@vuxo/shared/messages';
import { isTrialPlanName } from '@vuxo/shared/plans';
import { DASHBOARD_ORIGIN_LABEL, ROUTES } from '@vuxo/shared/routes';
import type { UserPlan } from '@vuxo/shared/schemas';
import { SESSION_KEYS } from '@vuxo/shared/storage-keys';
import { useAuth } from '../../auth';
import { errorMessage } from '../../../app/api-client';
import { deleteBot } from '../api/delete-bot';

/** The bot a delete is about: its id and the name the dialogs show. */
export interface DeleteTarget {
  botId: string;
  botName: string;
}

/** What /plans receives when a Free Trial user tries to delete. */
export interface PlansNavigationState {
  from: typeof DASHBOARD_ORIGIN_LABEL;
  attemptedAction: 'delete';
  botId: string;
  botName: string;
}

export type DeleteDialog = { kind: 'confirm' | 'upgrade'; bot: DeleteTarget } | null;

interface Options {
  plan: UserPlan;
  onDeleted: (botId: string) => void;
  onFailed: (message: string) => void;
}

/**
 * The delete flow (decision 101): the Upgrade Required dialog on the Free Trial (case-insensitive),
 * otherwise a confirmation, then the delete. The dialog stays open while the delete runs (the row shows
 * a spinner) and closes afterwards whether it succeeded or failed.
 */
export function useDeleteFlow({ plan, onDeleted, onFailed }: Options) {
  const { getIdToken } = useAuth();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<DeleteDialog>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);

  const requestDelete = useCallback(
    (bot: DeleteTarget) => setDialog({ kind: isTrialPlanName(plan.planName) ? 'upgrade' : 'confirm', bot }),
    [plan.planName],
  );

  /** Opens the confirmation for a bot directly (the resumeDelete navigation state). */
  const confirmFor = useCallback((bot: DeleteTarget) => setDialog({ kind: 'confirm', bot }), []);

  const close = useCallback(() => {
    if (!deletingId) setDialog(null);
  }, [deletingId]);

  const confirm = useCallback(async () => {
    if (dialog?.kind !== 'confirm' || deletingId) return;
    const { botId } = dialog.bot;
    setDeletingId(botId);
    try {
      await deleteBot(getIdToken, botId);
      onDeleted(botId);
      if (sessionStorage.getItem(SESSION_KEYS.activeDocId) === botId) {
        sessionStorage.removeItem(SESSION_KEYS.activeDocId);
      }
    } catch (failure) {
      onFailed(DASHBOARD_MSG.deleteFailed(errorMessage(failure)));
    } finally {
      setDeletingId(null);
      setDialog(null);
    }
  }, [dialog, deletingId, getIdToken, onDeleted, onFailed]);

  const viewPlans = useCallback(() => {
    if (dialog?.kind !== 'upgrade') return;
    const state: PlansNavigationState = {
      from: DASHBOARD_ORIGIN_LABEL,
      attemptedAction: 'delete',
      botId: dialog.bot.botId,
      botName: dialog.bot.botName,
    };
    setDialog(null);
    navigate(ROUTES.plans, { state });
  }, [dialog, navigate]);

  return { dialog, deletingId, requestDelete, confirmFor, close, confirm, viewPlans };
}
