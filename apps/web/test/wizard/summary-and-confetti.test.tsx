import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { CONTACT_CHOICE_MSG, CONTACT_MSG, WIZARD_MSG } from '@vuxo/shared/messages';
import { DOCUMENT_TYPES } from '@vuxo/shared/bot';
import { CONFETTI_PIECES, WIZARD_CONFETTI_MS } from '../../src/ui-tuning';
import type { ReactElement } from 'react';
import { AuthContext } from '../../src/features/auth/auth-context';
import type { AuthState } from '../../src/features/auth/auth-types';

/** The 'No contact' card's name, its hint following. */
const NONE = new RegExp(`^${CONTACT_CHOICE_MSG.none}`);

const fire = Object.assign(
  vi.fn(async () => undefined),
  { reset: vi.fn() },
);
const create = vi.fn(() => fire);
vi.mock('canvas-confetti', () => ({ default: { create } }));

const { ConfettiBurst } = await import('../../src/components/ui/confetti-burst');
const { StepContent } = await import('../../src/features/wizard/components/step-content');
const { StepCard } = await import('../../src/features/wizard/components/step-card');
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

/** The summary runs inside the app's sign-in state: its owner is signed in once the bot is saved. */
const owner = {
  user: { uid: 'u1', displayName: 'Olive', email: 'olive@example.com', emailVerified: true },
  getIdToken: async () => 'token',
} as unknown as AuthState;
const signedIn = (ui: ReactElement) =>
  render(<AuthContext.Provider value={owner}>{ui}</AuthContext.Provider>);

describe('the step content', () => {
  const props = {
    dispatch: () => {},
    headingId: 'h',
    upload: {
      progress: null,
      onFile: () => {},
      onSaveText: async () => {},
      maxBytes: DOCUMENT_TYPES.maxBytes,
    },
    build: { phase: 'ready' as const },
    onViewBot: () => {},
    onStartOver: () => {},
  };

  it("shows 'Invalid Step' for an unknown step", () => {
    signedIn(<StepContent {...props} state={{ ...initialBotCreationState(null), activeStep: 9 }} />);
    expect(screen.getByRole('alert').textContent).toContain(WIZARD_MSG.invalidStep);
  });

  it("the summary shows the failure's error with copy details", () => {
    const state = { ...initialBotCreationState(null), activeStep: 6, setupError: 'Setup failed: offline' };
    signedIn(<StepContent {...props} state={state} />);
    expect(screen.getByRole('alert').textContent).toContain('Setup failed: offline');
    expect(screen.getByRole('button', { name: /Copy details/ })).toBeTruthy();
  });

  it('the summary of a saved bot offers View Bot and throws confetti', () => {
    preferReducedMotion(false);
    const state = { ...initialBotCreationState(null), activeStep: 6, savedBotId: 'bot_1' };
    signedIn(<StepContent {...props} state={state} />);
    expect(screen.getByRole('button', { name: 'View Bot' })).toBeTruthy();
    expect(create).toHaveBeenCalled();
  });

  it('while the saved bot reads its document the summary says so, without confetti, and turns Ready when it is', () => {
    preferReducedMotion(false);
    const state = {
      ...initialBotCreationState(null),
      activeStep: 6,
      savedBotId: 'bot_1',
      botName: 'Olive Helper',
    };
    const card = (build: typeof props.build | { phase: 'learning' }) => (
      <AuthContext.Provider value={owner}>
        <StepCard {...props} build={build} state={state} saving={false} onNext={() => {}} onBack={() => {}} />
      </AuthContext.Provider>
    );
    const { rerender } = render(card({ phase: 'learning' }));
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(WIZARD_MSG.learning);
    expect(screen.queryByRole('heading', { name: WIZARD_MSG.ready })).toBeNull();
    expect(screen.getByText(WIZARD_MSG.learningLine('Olive Helper'))).toBeTruthy();
    expect(create).not.toHaveBeenCalled();

    rerender(card({ phase: 'ready' }));
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(WIZARD_MSG.ready);
    expect(screen.getByText(WIZARD_MSG.readyLine('Olive Helper'))).toBeTruthy();
    expect(screen.queryByText(WIZARD_MSG.learningLine('Olive Helper'))).toBeNull();
    expect(create).toHaveBeenCalled();
  });

  it('a build that fails shows Setup Failed with the reason the owner can read', () => {
    const state = { ...initialBotCreationState(null), activeStep: 6, savedBotId: 'bot_1' };
    signedIn(
      <StepCard
        {...props}
        build={{ phase: 'failed', reason: 'The document has no text.' }}
        state={state}
        saving={false}
        onNext={() => {}}
        onBack={() => {}}
      />,
    );
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(WIZARD_MSG.failed);
    expect(screen.getByRole('alert').textContent).toContain('The document has no text.');
    expect(screen.getByRole('button', { name: 'View Bot' })).toBeTruthy();
  });

  it("the summary of a saved bot asks for its contact again, starting from the last step's choice", () => {
    const state = { ...initialBotCreationState(null), activeStep: 6, savedBotId: 'bot_1' };
    signedIn(<StepContent {...props} state={state} />);
    const signIn = screen.getByRole('radio', { name: CONTACT_CHOICE_MSG.signIn('olive@example.com') });
    expect((signIn as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('radio', { name: NONE })).toBeTruthy();
    expect(screen.getByRole('button', { name: CONTACT_MSG.save })).toBeTruthy();
  });

  it('the summary of a bot given another address shows that address', () => {
    const state = {
      ...initialBotCreationState(null),
      activeStep: 6,
      savedBotId: 'bot_1',
      contactChoice: 'other' as const,
      contactEmail: 'desk@olive.example',
    };
    signedIn(<StepContent {...props} state={state} />);
    const field = screen.getByRole('textbox', { name: CONTACT_CHOICE_MSG.otherField }) as HTMLInputElement;
    expect(field.value).toBe('desk@olive.example');
  });

  it("saving the contact in the wizard's card saves only the contact: no form around it moves the wizard on", async () => {
    const fetchMock = vi.fn(
      async (_input: RequestInfo | URL, _init?: RequestInit) =>
        new Response(JSON.stringify({ success: true }), { headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onNext = vi.fn();
    const state = { ...initialBotCreationState(null), activeStep: 6, savedBotId: 'bot_1' };
    signedIn(<StepCard {...props} state={state} saving={false} onNext={onNext} onBack={() => {}} />);
    const save = screen.getByRole('button', { name: CONTACT_MSG.save });
    expect(save.closest('form')?.parentElement?.closest('form') ?? null).toBeNull();
    fireEvent.click(save);
    // The contact card's own status (the build's line is another).
    await waitFor(() =>
      expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain(CONTACT_MSG.saved),
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(onNext).not.toHaveBeenCalled();
  });
});
