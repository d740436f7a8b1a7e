import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** A bot named in the dashboard's incoming navigation state. */
export interface NamedBot {
  botId: string;
  botName: string;
}

/** The dashboard's incoming navigation state. */
export interface DashboardNavigationState {
  newBot?: NamedBot;
  resumeDelete?: NamedBot;
  /** The wizard's new-config flag; it has no effect beyond the notice. */
  newConfig?: boolean;
}

export interface NavigationNotices {
  newBot: NamedBot | null;
  resumeDelete: NamedBot | null;
}

function namedBot(value: unknown): NamedBot | null {
  const bot = value as Partial<NamedBot> | null | undefined;
  if (!bot || typeof bot.botId !== 'string' || !bot.botId) return null;
  return { botId: bot.botId, botName: typeof bot.botName === 'string' ? bot.botName : '' };
}

function readNotices(state: unknown): NavigationNotices | null {
  const { newBot, resumeDelete } = (state ?? {}) as DashboardNavigationState;
  const notices = { newBot: namedBot(newBot), resumeDelete: namedBot(resumeDelete) };
  return notices.newBot || notices.resumeDelete ? notices : null;
}

/**
 * Hands each navigation's newBot and resumeDelete to `onNotices` once (also when the dashboard is
 * already showing), then clears the navigation state so that a reload or a return through history
 * does not show them again.
 */
export function useNavigationNotices(onNotices: (notices: NavigationNotices) => void): void {
  const location = useLocation();
  const navigate = useNavigate();
  const incoming = readNotices(location.state);
  const [handledKey, setHandledKey] = useState<string | null>(null);

  // Derived from the location during render, so the notice shows with the first paint.
  if (incoming && location.key !== handledKey) {
    setHandledKey(location.key);
    onNotices(incoming);
  }

  const carriesNotices = incoming !== null;
  useEffect(() => {
    if (carriesNotices) {
      void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
    }
  }, [carriesNotices, navigate, location.pathname, location.search]);
}
