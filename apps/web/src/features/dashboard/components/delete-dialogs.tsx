import { Loader2, Trash2 } from 'lucide-react';
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
}

/** 'Confirm Deletion', on every plan (decision 032). */
export function DeleteDialogs({ dialog, deleting, onClose, onConfirm }: Props) {
  const onOpenChange = (open: boolean) => {
    if (!open) onClose();
  };
  return (
    <ModalDialog
      open={dialog !== null}
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
        <Button className={styles.deleteButton} onClick={onConfirm} disabled={deleting} aria-busy={deleting}>
          {deleting && <Loader2 aria-hidden="true" className={styles.spinner} />}
          Delete Bot
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}
