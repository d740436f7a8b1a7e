import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { CONFETTI_PIECES, WIZARD_CONFETTI_MS, WIZARD_MSG } from '@vuxo/shared';

const fire = Object.assign(
  vi.fn(async () => undefined),
  { reset: vi.fn() },
);
const create = vi.fn(() => fire);
vi.mock('canvas-confetti', () => ({ default: { create } }));

const { ConfettiBurst } = await import('../../src/components/ui/confetti-burst');
const { StepContent } = await import('../../src/features/wizard/components/step-content');
const { initialBotCreationState } = await import('../../src/features/wizard/state/bot-creation-state');

function preferReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({ matches: reduce && query.includes('reduce'), media: query })),
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  vi.useRealTimers();
});

describe('the confetti', () => {
  it('throws 200 pieces and clears them after 3 seconds', () => {
    vi.useFakeTimers();
    preferReducedMotion(false);
    render(<ConfettiBurst pieces={CONFETTI_PIECES} durationMs={WIZARD_CONFETTI_MS} />);
    const counts = fire.mock.calls.map(
      (call) => (call as unknown as [{ particleCount: number }])[0].particleCount,
    );
    expect(counts.reduce((a, b) => a + b, 0)).toBe(200);
    vi.advanceTimersByTime(WIZARD_CONFETTI_MS - 1);
    expect(fire.reset).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fire.reset).toHaveBeenCalled();
  });

  it('stays still when the user prefers reduced motion', () => {
    preferReducedMotion(true);
    render(<ConfettiBurst pieces={CONFETTI_PIECES} durationMs={WIZARD_CONFETTI_MS} />);
    expect(create).not.toHaveBeenCalled();
    expect(fire).not.toHaveBeenCalled();
  });
});

describe('the step content', () => {
  const props = {
    dispatch: () => {},
    headingId: 'h',
    upload: { progress: null, onFile: () => {} },
    onViewBot: () => {},
    onStartOver: () => {},
  };

  it("shows 'Invalid Step' for an unknown step", () => {
    render(<StepContent {...props} state={{ ...initialBotCreationState(null), activeStep: 9 }} />);
    expect(screen.getByRole('alert').textContent).toContain(WIZARD_MSG.invalidStep);
  });

  it("the summary shows the failure's error with copy details", () => {
    const state = { ...initialBotCreationState(null), activeStep: 6, setupError: 'Setup failed: offline' };
    render(<StepContent {...props} state={state} />);
    expect(screen.getByRole('alert').textContent).toContain('Setup failed: offline');
    expect(screen.getByRole('button', { name: /Copy details/ })).toBeTruthy();
  });

  it('the summary of a saved bot offers View Bot and throws confetti', () => {
    preferReducedMotion(false);
    const state = { ...initialBotCreationState(null), activeStep: 6, savedBotId: 'bot_1' };
    render(<StepContent {...props} state={state} />);
    expect(screen.getByRole('button', { name: 'View Bot' })).toBeTruthy();
    expect(create).toHaveBeenCalled();
  });
});
