import { Loader2, Sparkles, Trash2 } from 'lucide-react';
import { DASHBOARD_MSG } from '@vuxo/shared/messages';
import { Button } from '../../../components/ui/button';
import { DialogActions, ModalDialog } from '../../../components/ui/modal-dialog';
import type { DeleteDialog } from '../hooks/use-delete-flow';
import styles from './delete-dialogs.module.css';

interface Props {
  dialog: DeleteDialog;
  deleting: boolean;
  onClose: () => void;
  onConfirm: () => void;
  onViewPlans: () => void;
}

/** 'Confirm Deletion' on paid plans, 'Upgrade Required' on the Free Trial. */
export function DeleteDialogs({ dialog, deleting, onClose, onConfirm, onViewPlans }: Props) {
  const onOpenChange = (open: boolean) => {
    if (!open) onClose();
  };
  return (
    <>
      <ModalDialog
        open={dialog?.kind === 'confirm'}
        onOpenChange={onOpenChange}
        dismissible={!deleting}
        title={DASHBOARD_MSG.confirmTitle}
        description={dialog ? DASHBOARD_MSG.confirmText(dialog.bot.botName) : ''}
        icon={<Trash2 className={styles.danger} />}
      >
        <DialogActions>
          <Button variant="secondary" onClick={onClose} disabled={deleting}>
            Cancel
          </Button>
          <Button
            className={styles.deleteButton}
            onClick={onConfirm}
            disabled={deleting}
            aria-busy={deleting}
          >
            {deleting && <Loader2 aria-hidden="true" className={styles.spinner} />}
            Delete Bot
          </Button>
        </DialogActions>
      </ModalDialog>
      <ModalDialog
        open={dialog?.kind === 'upgrade'}
        onOpenChange={onOpenChange}
        title={DASHBOARD_MSG.upgradeTitle}
        description={DASHBOARD_MSG.upgradeText}
        icon={<Sparkles />}
      >
        <DialogActions>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={onViewPlans}>View Plans</Button>
        </DialogActions>
      </ModalDialog>
    </>
  );
}
