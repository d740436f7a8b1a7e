import { useCallback, useEffect, useRef } from 'react';
import type { WidgetCaller } from '../api/widget-request';

/** visitor: the widget and the public chat (daily limit); owner: the owner console (signed in, no limit). */
export type ChatMode = 'visitor' | 'owner';

/** Who makes a call: the visitor id's storage keys, and, signed in, the owner's token. */
export type CallerFor = (keys: (string | null)[], signedIn?: boolean) => WidgetCaller;

/**
 * The calls' identity, stable across renders: the owner's token comes from the latest getToken, so a new
 * getToken does not start the calls that use it again.
 */
export function useWidgetCaller(mode: ChatMode, getToken?: () => Promise<string>): CallerFor {
  const latest = useRef(getToken);
  useEffect(() => {
    latest.current = getToken;
  });
  return useCallback(
    (keys, signedIn = true) => {
      const visitorKeys = keys.filter((key, i): key is string => !!key && keys.indexOf(key) === i);
      if (mode !== 'owner' || !signedIn) return { visitorKeys };
      const token = () => latest.current?.() ?? Promise.reject(new Error('Sign-in required'));
      return { visitorKeys, getToken: token };
    },
    [mode],
  );
}
