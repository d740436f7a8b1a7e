import { afterEach, describe, expect, it } from 'vitest';
import { useReducer, type ReactElement } from 'react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { DOCUMENT_TYPES } from '@vuxo/shared/bot';
import { CONTACT_CHOICE_MSG, CONTACT_MSG } from '@vuxo/shared/messages';
import { readFinalizeAction } from '../../src/features/wizard/state/wizard-data';
import { AuthContext } from '../../src/features/auth/auth-context';
import type { AuthState } from '../../src/features/auth/auth-types';
import { StepCard } from '../../src/features/wizard/components/step-card';
import {
  botCreationReducer,
  initialBotCreationState,
  type BotCreationState,
} from '../../src/features/wizard/state/bot-creation-state';
import { validateStep } from '../../src/features/wizard/state/validation';

afterEach(cleanup);

const owner = {
  user: { uid: 'u1', displayName: 'Olive', email: 'olive@example.com', emailVerified: true },
  getIdToken: async () => 'token',
} as unknown as AuthState;
const signedOut = { user: null, getIdToken: async () => null } as unknown as AuthState;

/** The last configuration step, its state kept by the wizard's reducer and Next checked as the wizard does. */
function LastStep({ seen }: { seen: (state: BotCreationState) => void }) {
  const [state, dispatch] = useReducer(botCreationReducer, {
    ...initialBotCreationState('session_abcdefghijklmnop'),
    typeChosen: true,
    activeStep: 5,
  });
  seen(state);
  const onNext = () => {
    const error = validateStep(state.activeStep, state);
    if (error) dispatch({ type: 'setError', field: error.field, message: error.message });
  };
  return (
    <StepCard
      state={state}
      dispatch={dispatch}
      upload={{
        progress: null,
        onFile: () => {},
        onSaveText: async () => {},
        maxBytes: DOCUMENT_TYPES.maxBytes,
      }}
      build={{ phase: 'learning' }}
      onViewBot={() => {}}
      onStartOver={() => {}}
      saving={false}
      onNext={onNext}
      onBack={() => {}}
    />
  );
}

function renderAs(auth: AuthState) {
  let latest: BotCreationState | null = null;
  const ui: ReactElement = (
    <MemoryRouter>
      <AuthContext.Provider value={auth}>
        <LastStep seen={(state) => (latest = state)} />
      </AuthContext.Provider>
    </MemoryRouter>
  );
  render(ui);
  return () => latest!;
}

/** A card's name is its label then its detail, as for the creativity cards. */
const startingWith = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
const contactGroup = () => screen.getByRole('radiogroup', { name: CONTACT_CHOICE_MSG.legend });

describe("the wizard's last step asks for the bot's contact", () => {
  it('offers the sign-in email (shown as public), another address or none; the sign-in email by default', () => {
    renderAs(owner);
    const group = contactGroup();
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(3);
    const signIn = within(group).getByRole('radio', {
      name: 'Your sign-in email (olive@example.com) — visitors will see it',
    });
    expect((signIn as HTMLInputElement).checked).toBe(true);
    expect(within(group).getByRole('radio', { name: CONTACT_CHOICE_MSG.other })).toBeTruthy();
    expect(within(group).getByRole('radio', { name: startingWith(CONTACT_CHOICE_MSG.none) })).toBeTruthy();
    // No address field until another address is chosen.
    expect(screen.queryByRole('textbox', { name: CONTACT_CHOICE_MSG.otherField })).toBeNull();
    // The creativity choice is still there, and the button still reads Finish.
    expect(screen.getByRole('radio', { name: /Document-based/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Finish' })).toBeTruthy();
  });

  it('signed out, names the sign-in email without an address', () => {
    renderAs(signedOut);
    expect(
      within(contactGroup()).getByRole('radio', { name: 'Your sign-in email — visitors will see it' }),
    ).toBeTruthy();
  });

  it('another address: asks for it and checks it with the shared rule before Finish', () => {
    const state = renderAs(owner);
    fireEvent.click(within(contactGroup()).getByRole('radio', { name: CONTACT_CHOICE_MSG.other }));
    const field = screen.getByRole('textbox', { name: CONTACT_CHOICE_MSG.otherField });
    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    expect(screen.getByRole('alert').textContent).toContain(CONTACT_MSG.required);
    fireEvent.change(field, { target: { value: 'not an address' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    expect(screen.getByRole('alert').textContent).toContain(CONTACT_MSG.invalid);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(field, { target: { value: 'desk@shop.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(state()).toMatchObject({ contactChoice: 'other', contactEmail: 'desk@shop.example' });
  });

  it('no contact: chosen without an address, with what it means', () => {
    const state = renderAs(owner);
    const none = within(contactGroup()).getByRole('radio', { name: startingWith(CONTACT_CHOICE_MSG.none) });
    expect(none.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(CONTACT_CHOICE_MSG.noneHint)).toBeTruthy();
    fireEvent.click(none);
    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(state().contactChoice).toBe('none');
  });
});

describe('the contact choice through /login', () => {
  const wizardData = {
    sessionId: 'session_abcdefghijklmnop',
    botType: 'text',
    botName: 'Sunny',
    welcomeMessage: 'Hi there',
    chatbotTone: 'casual',
    creativityLevel: 'restricted',
    documentName: 'menu.pdf',
    filePath: 'doc_abcdefghijklmnop',
  };
  const read = (extra: object) =>
    readFinalizeAction({ postLoginAction: { type: 'finalizeBot', wizardData: { ...wizardData, ...extra } } });

  it('is carried with the rest, and restored at the last step', () => {
    const action = read({ contactChoice: 'other', contactEmail: 'desk@shop.example' });
    expect(action?.wizardData).toMatchObject({ contactChoice: 'other', contactEmail: 'desk@shop.example' });
    const restored = botCreationReducer(initialBotCreationState(null), {
      type: 'restore',
      data: action!.wizardData,
    });
    expect(restored).toMatchObject({
      activeStep: 5,
      contactChoice: 'other',
      contactEmail: 'desk@shop.example',
    });
    expect(read({ contactChoice: 'none' })?.wizardData.contactChoice).toBe('none');
  });

  it('is refused when another address is missing', () => {
    expect(read({ contactChoice: 'other' })).toBeNull();
  });
});
