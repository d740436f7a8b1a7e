import { sessionIdSchema } from '@vuxo/shared/schemas';
import { SESSION_KEYS } from '@vuxo/shared/storage-keys';

/** A random id for a new wizard session: 32 URL-safe characters. */
export function newSessionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The stored wizard session id, created if missing or invalid; null without storage. */
export function ensureSessionId(): string | null {
  const store = storage();
  if (!store) return null;
  try {
    const stored = store.getItem(SESSION_KEYS.sessionId);
    if (stored && sessionIdSchema.safeParse(stored).success) return stored;
    const fresh = newSessionId();
    store.setItem(SESSION_KEYS.sessionId, fresh);
    return fresh;
  } catch {
    return null;
  }
}

/** After a save: the new bot becomes the active one and the used session is forgotten (section 7). */
export function rememberSavedBot(botId: string): void {
  const store = storage();
  if (!store) return;
  try {
    store.setItem(SESSION_KEYS.activeDocId, botId);
    store.removeItem(SESSION_KEYS.sessionId);
  } catch {
    // Storage may be full or blocked; the bot is saved either way.
  }
}

/** Wizard reset: clears the stored sessionId and activeDocId. */
export function clearWizardStorage(): void {
  const store = storage();
  if (!store) return;
  try {
    store.removeItem(SESSION_KEYS.sessionId);
    store.removeItem(SESSION_KEYS.activeDocId);
  } catch {
    // Nothing stored to clear.
  }
}
