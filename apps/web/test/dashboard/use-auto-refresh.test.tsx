import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useAutoRefresh } from '../../src/features/dashboard/hooks/use-auto-refresh';

describe('the dashboard auto-refresh', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const tick = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

  it('counts down from 10 while a bot is in progress, refreshes at 1 and starts again at 10', () => {
    const refresh = vi.fn();
    const { result } = renderHook(() => useAutoRefresh({ active: true, loading: false, refresh }));
    expect(result.current).toBe(10);
    tick(1000);
    expect(result.current).toBe(9);
    tick(8000);
    expect(result.current).toBe(1);
    // The countdown's refresh at 1, and the separate 10-second timer at the same moment.
    tick(1000);
    expect(result.current).toBe(10);
    expect(refresh).toHaveBeenCalledTimes(2);
    tick(1000);
    expect(result.current).toBe(9);
  });

  it('does not count down while loading or when nothing is in progress; the 10-second timer still refreshes', () => {
    const refresh = vi.fn();
    const { result, rerender } = renderHook((props) => useAutoRefresh({ ...props, refresh }), {
      initialProps: { active: false, loading: false },
    });
    expect(result.current).toBeNull();
    tick(10_000);
    expect(refresh).toHaveBeenCalledTimes(1);

    rerender({ active: true, loading: true });
    expect(result.current).toBeNull();
    tick(3000);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('starts again from 10 after a load (a manual refresh resets the countdown)', () => {
    const refresh = vi.fn();
    const { result, rerender } = renderHook((props) => useAutoRefresh({ ...props, refresh }), {
      initialProps: { active: true, loading: false },
    });
    tick(4000);
    expect(result.current).toBe(6);
    rerender({ active: true, loading: true });
    rerender({ active: true, loading: false });
    expect(result.current).toBe(10);
    tick(1000);
    expect(result.current).toBe(9);
  });
});
