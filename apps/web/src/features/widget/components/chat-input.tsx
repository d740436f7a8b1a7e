import {
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { SendHorizontal } from './chat-icons';
import { CHAT_MESSAGE_MAX } from '@vuxo/shared/chat';
import { WIDGET_MSG } from '@vuxo/shared/messages';
import styles from './chat.module.css';

interface Props {
  placeholder: string;
  /** Disabled while loading, while sending, without a bot id, or at the limit. */
  disabled: boolean;
  sending: boolean;
  onSend: (text: string) => Promise<boolean>;
  /** While a reply streams: the Stop button, in place of the send button. */
  onStop?: () => void;
  inputRef?: RefObject<HTMLTextAreaElement | null>;
  /** Changes when the input should take focus (as soon as it is enabled). */
  focusRequest?: number;
}

const MAX_LINES_PX = 120;

/**
 * The message input and its send button. Enter sends, Shift+Enter starts a new line
 *; an empty or blank message is not sent. A message that could not be sent comes back into the
 * input, so sending it again is one key.
 */
export function ChatInput({
  placeholder,
  disabled,
  sending,
  onSend,
  onStop,
  inputRef,
  focusRequest = 0,
}: Props) {
  const id = useId();
  const [text, setText] = useState('');
  const own = useRef<HTMLTextAreaElement | null>(null);
  const field = inputRef ?? own;
  const refocus = useRef(false);

  // Grow with the text, up to a few lines.
  useEffect(() => {
    const el = field.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, MAX_LINES_PX)}px`;
  }, [text, field]);

  // Focus asked for (the chat was opened) is given as soon as the field is enabled.
  useEffect(() => {
    if (focusRequest > 0) refocus.current = true;
  }, [focusRequest]);

  // The field is disabled while loading and while the reply is on its way; focus comes back when it returns.
  useEffect(() => {
    const el = field.current;
    if (disabled || !refocus.current || !el) return;
    refocus.current = false;
    el.focus();
    if (document.activeElement === el) return;
    // In a frame opened by the host page, focus reaches this document a moment later.
    const retry = () => el.focus();
    window.addEventListener('focus', retry, { once: true });
    return () => window.removeEventListener('focus', retry);
  }, [disabled, field, focusRequest]);

  const submit = async () => {
    const value = text;
    if (disabled || !value.trim()) return;
    refocus.current = document.activeElement === field.current;
    setText('');
    const sent = await onSend(value);
    if (!sent) setText((current) => (current === '' ? value.trim() : current));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form className={styles.inputRow} onSubmit={onSubmit}>
      <label htmlFor={id} className="visually-hidden">
        Message
      </label>
      <textarea
        id={id}
        ref={field}
        className={styles.input}
        rows={1}
        value={text}
        placeholder={placeholder}
        disabled={disabled}
        maxLength={CHAT_MESSAGE_MAX}
        enterKeyHint="send"
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      {onStop ? (
        <button
          type="button"
          className={styles.stop}
          aria-label={WIDGET_MSG.stopReplyLabel}
          onClick={() => {
            // The button goes with the reply: focus returns to the field.
            refocus.current = true;
            onStop();
          }}
        >
          {WIDGET_MSG.stopReply}
        </button>
      ) : (
        <button
          type="submit"
          className={styles.send}
          disabled={disabled || !text.trim()}
          aria-label="Send message"
          aria-busy={sending || undefined}
        >
          <SendHorizontal aria-hidden="true" />
        </button>
      )}
    </form>
  );
}
