import { useState } from 'react';
import styles from './chat.module.css';

/**
 * The bot's picture, or the default image when it has none or it fails to load.
 * Decorative next to the bot's name, so it has no text of its own.
 */
export function BotAvatar({ src, size = 36 }: { src: string | null; size?: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  const usable = src && failed !== src ? src : null;
  return (
    <span className={styles.avatar} style={{ width: size, height: size }} aria-hidden="true">
      {usable ? (
        <img src={usable} alt="" width={size} height={size} onError={() => setFailed(usable)} />
      ) : (
        <DefaultBotImage />
      )}
    </span>
  );
}

/** The default image: a friendly bot face on the theme's colours. */
export function DefaultBotImage() {
  return (
    <svg viewBox="0 0 40 40" className={styles.defaultAvatar} focusable="false">
      <rect width="40" height="40" rx="20" className={styles.defaultAvatarBg} />
      <rect x="10" y="13" width="20" height="16" rx="6" fill="#fff" />
      <circle cx="16.5" cy="21" r="2.1" className={styles.defaultAvatarEye} />
      <circle cx="23.5" cy="21" r="2.1" className={styles.defaultAvatarEye} />
      <path d="M20 13V9.5" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
      <circle cx="20" cy="8.5" r="2" fill="var(--chat-secondary, #3ee0c6)" />
    </svg>
  );
}
