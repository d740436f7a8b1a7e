import type { ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import styles from './modal-dialog.module.css';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  /** An icon shown above the title. */
  icon?: ReactNode;
  /** The dialog's body, usually its action buttons (see {@link DialogActions}). */
  children?: ReactNode;
  /** Wider panels hold editors. */
  size?: 'sm' | 'md';
  /** Whether Escape, a click outside and the close button may close it. */
  dismissible?: boolean;
}

/** An accessible modal dialog (Radix): focus is trapped inside and returns to the opener when it closes. */
export function ModalDialog({
  open,
  onOpenChange,
  title,
  description,
  icon,
  children,
  size = 'sm',
  dismissible = true,
}: Props) {
  const block = (event: Event) => {
    if (!dismissible) event.preventDefault();
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.panel}
          data-size={size}
          onEscapeKeyDown={block}
          onPointerDownOutside={block}
          onInteractOutside={block}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          {icon && <div className={styles.icon}>{icon}</div>}
          <Dialog.Title className={styles.title}>{title}</Dialog.Title>
          {description && (
            <Dialog.Description className={styles.description}>{description}</Dialog.Description>
          )}
          {children}
          {dismissible && (
            <Dialog.Close className={styles.close} aria-label="Close">
              <X aria-hidden="true" />
            </Dialog.Close>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The row of buttons at the bottom of a dialog: stacked on phones, side by side beyond. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}
