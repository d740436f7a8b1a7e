import { useEffect, useRef, useState } from 'react';
import { DASHBOARD_COUNTDOWN_S, DASHBOARD_POLL_MS } from '../../../ui-tuning';

interface AutoRefreshOptions {
  /** Any bot in progress (pending_cag or configuring). */
  active: boolean;
  /** The list is loading. */
  loading: boolean;
  refresh: () => void;
}

/**
 * The dashboard's auto-refresh (Bot status): while any bot is in progress
 * and the list is not loading, a countdown starts at 10 and ticks each second; at 1 it refreshes and
 * goes back to 10. A separate 10-second timer also refreshes. A manual refresh loads, and the countdown
 * starts again from 10 once the load is over. Returns the countdown to show, or null when it is not
 * running.
 */
export function useAutoRefresh({ active, loading, refresh }: AutoRefreshOptions): number | null {
  const [countdown, setCountdown] = useState(DASHBOARD_COUNTDOWN_S);
  const remaining = useRef(DASHBOARD_COUNTDOWN_S);
  const refreshRef = useRef(refresh);
  useEffect(() => {
    refreshRef.current = refresh;
  }, [refresh]);

  const running = active && !loading;
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => {
      if (remaining.current <= 1) {
        remaining.current = DASHBOARD_COUNTDOWN_S;
        refreshRef.current();
      } else {
        remaining.current -= 1;
      }
      setCountdown(remaining.current);
    }, 1000);
    return () => {
      window.clearInterval(timer);
      // The next run starts at 10 again.
      remaining.current = DASHBOARD_COUNTDOWN_S;
      setCountdown(DASHBOARD_COUNTDOWN_S);
    };
  }, [running]);

  useEffect(() => {
    const timer = window.setInterval(() => refreshRef.current(), DASHBOARD_POLL_MS);
    return () => window.clearInterval(timer);
  }, []);

  return running ? countdown : null;
}
