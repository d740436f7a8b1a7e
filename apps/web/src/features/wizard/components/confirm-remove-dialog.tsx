import { Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { DialogActions, ModalDialog } from '../../../components/ui/modal-dialog';
import styles from './steps.module.css';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  onConfirm: () => void;
}

/** Removal asks for confirmation. */
export function ConfirmRemoveDialog({ open, onOpenChange, title, description, onConfirm }: Props) {
  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      icon={<Trash2 />}
    >
      <DialogActions>
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button className={styles.danger} onClick={onConfirm}>
          Remove
        </Button>
      </DialogActions>
    </ModalDialog>
  );
}
