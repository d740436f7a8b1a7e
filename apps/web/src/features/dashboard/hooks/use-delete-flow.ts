import { useCallback, useState } from 'react';
import { DASHBOARD_MSG } from '@vuxo/shared/messages';
import { SESSION_KEYS } from '@vuxo/shared/storage-keys';
import { useAuth } from '../../auth';
import { errorMessage } from '../../../app/api-client';
import { deleteBot } from '../api/delete-bot';

/** The bot a delete is about: its id and the name the dialogs show. */
export interface DeleteTarget {
  botId: string;
  botName: string;
}

export type DeleteDialog = { bot: DeleteTarget } | null;

interface Options {
  onDeleted: (botId: string) => void;
  onFailed: (message: string) => void;
}

/**
 * The delete flow, on every plan (decision 032): a confirmation, then the delete. The dialog stays open while the delete runs (the row shows
 * a spinner) and closes afterwards whether it succeeded or failed.
 */
export function useDeleteFlow({ onDeleted, onFailed }: Options) {
  const { getIdToken } = useAuth();
  const [dialog, setDialog] = useState<DeleteDialog>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);

  const requestDelete = useCallback((bot: DeleteTarget) => setDialog({ bot }), []);

  /** Opens the confirmation for a bot directly (the resumeDelete navigation state). */
  const confirmFor = requestDelete;

  const close = useCallback(() => {
    if (!deletingId) setDialog(null);
  }, [deletingId]);

  const confirm = useCallback(async () => {
    if (!dialog || deletingId) return;
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

  return { dialog, deletingId, requestDelete, confirmFor, close, confirm };
}
