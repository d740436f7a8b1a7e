import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { WIZARD_MSG } from '@vuxo/shared/messages';
import { ERROR_TOAST_MS, NEXT_DEBOUNCE_MS } from '../../src/ui-tuning';
import { ErrorToast } from '../../src/components/ui/error-toast';
import { WizardNav } from '../../src/features/wizard/components/wizard-nav';
import { WizardCrashBoundary } from '../../src/features/wizard/components/wizard-crash-boundary';
import { clampZoom } from '../../src/features/wizard/components/avatar-editor-dialog';
import { useLeadingDebounce } from '../../src/features/wizard/hooks/use-leading-debounce';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the wizard buttons', () => {
  const nav = (step: number, extra: { uploading?: boolean; saving?: boolean } = {}) =>
    render(<WizardNav step={step} uploading={false} saving={false} onBack={() => {}} {...extra} />);
  const back = () => screen.getByRole('button', { name: 'Back' }) as HTMLButtonElement;

  it('Back is disabled on step 0, while a document uploads and while saving', () => {
    nav(0);
    expect(back().disabled).toBe(true);
    cleanup();
    nav(1);
    expect(back().disabled).toBe(false);
    cleanup();
    nav(0, { uploading: true });
    expect(back().disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    nav(3, { saving: true });
    expect(back().disabled).toBe(true);
  });

  it('the last configuration step reads Finish, and Processing... while busy', () => {
    nav(4);
    expect(screen.getByRole('button', { name: 'Next' })).toBeTruthy();
    cleanup();
    nav(5);
    expect(screen.getByRole('button', { name: 'Finish' })).toBeTruthy();
    cleanup();
    nav(5, { saving: true });
    const busy = screen.getByRole('button', { name: 'Processing...' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
  });

  it('Next is debounced by 300 ms', () => {
    let now = 1000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    const handler = vi.fn();
    const { result } = renderHook(() => useLeadingDebounce(handler, NEXT_DEBOUNCE_MS));
    result.current();
    now += 100;
    result.current();
    now += NEXT_DEBOUNCE_MS - 1;
    result.current();
    expect(handler).toHaveBeenCalledTimes(1);
    now += NEXT_DEBOUNCE_MS;
    result.current();
    expect(handler).toHaveBeenCalledTimes(2);
  });
});

describe('the avatar editor zoom', () => {
  it('moves in steps of 0.1 between 0.5 and 2', () => {
    expect(clampZoom(0.1)).toBe(0.5);
    expect(clampZoom(3)).toBe(2);
    expect(clampZoom(1.234)).toBe(1.2);
    expect(clampZoom(0.96)).toBe(1);
  });
});

describe('the error toast', () => {
  it('disappears after 5 seconds and has a copy-details button', () => {
    vi.useFakeTimers();
    const onDismiss = vi.fn();
    render(<ErrorToast toast={{ id: 1, message: WIZARD_MSG.sessionExpired }} onDismiss={onDismiss} />);
    expect(screen.getByRole('alert').textContent).toContain(WIZARD_MSG.sessionExpired);
    expect(screen.getByRole('button', { name: /Copy details/ })).toBeTruthy();
    act(() => vi.advanceTimersByTime(ERROR_TOAST_MS - 1));
    expect(onDismiss).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });
});

describe('a crash in the wizard', () => {
  it("shows 'Oops!' with a reload button and a copy-details button", () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): never {
      throw new Error('render failed');
    }
    render(
      <WizardCrashBoundary>
        <Broken />
      </WizardCrashBoundary>,
    );
    expect(screen.getByRole('heading', { name: WIZARD_MSG.crashTitle })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    const copy = screen.getByRole('button', { name: /Copy details/ });
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fireEvent.click(copy);
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining('render failed'));
  });
});
