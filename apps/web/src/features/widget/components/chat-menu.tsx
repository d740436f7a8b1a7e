import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { MoreVertical } from 'lucide-react';
import { VISITOR_REQUEST_MSG } from '@vuxo/shared/visitor-requests';
import styles from './chat-menu.module.css';

export interface ChatMenuItem {
  label: string;
  onSelect: () => void;
}

/** The chat header's menu as the widget and the public chat have it, in the request chunk (request-menu.tsx). */
export default function RequestChatMenu({ onAskForReply }: { onAskForReply: () => void }) {
  return (
    <ChatMenu
      label={VISITOR_REQUEST_MSG.menuLabel}
      items={[{ label: VISITOR_REQUEST_MSG.menuItem, onSelect: onAskForReply }]}
    />
  );
}

/**
 * A menu button and its items (the WAI-ARIA menu button pattern). Opening it focuses the first item; the arrows,
 * Home and End move between items; Escape closes it (and not the chat panel around it) and gives focus back to
 * the button; Tab or a click elsewhere closes it.
 */
export function ChatMenu({ label, items }: { label: string; items: ChatMenuItem[] }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const listId = useId();
  const entries = () => [...(list.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

  useEffect(() => {
    if (!open) return;
    entries()[0]?.focus();
    const away = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!list.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      setOpen(false);
      button.current?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    } else if (['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) {
      event.preventDefault();
      const all = entries();
      const at = all.indexOf(document.activeElement as HTMLElement);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const next =
        event.key === 'Home'
          ? 0
          : event.key === 'End'
            ? all.length - 1
            : (at + step + all.length) % all.length;
      all[next]?.focus();
    }
  }

  return (
    <div className={styles.root}>
      <button
        ref={button}
        type="button"
        className={styles.button}
        aria-label={label}
        title={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <MoreVertical aria-hidden="true" />
      </button>
      {open && (
        <ul
          ref={list}
          id={listId}
          className={styles.menu}
          role="menu"
          aria-label={label}
          onKeyDown={onKeyDown}
        >
          {items.map((item) => (
            <li key={item.label} role="none">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={() => {
                  setOpen(false);
                  item.onSelect();
                }}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
