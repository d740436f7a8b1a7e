import { describe, expect, it } from 'vitest';
import { DEFAULT_BOT_NAME } from '@vuxo/shared/bot';
import { WIZARD_MSG } from '@vuxo/shared/messages';
import {
  botCreationReducer,
  initialBotCreationState,
  type BotCreationState,
} from '../../src/features/wizard/state/bot-creation-state';

const start = () => initialBotCreationState('session_abcdefghijklmnop');

function run(state: BotCreationState, ...actions: Parameters<typeof botCreationReducer>[1][]) {
  return actions.reduce(botCreationReducer, state);
}

describe('the bot-creation state', () => {
  it('starts with the product’s defaults', () => {
    const state = start();
    expect(state).toMatchObject({
      sessionId: 'session_abcdefghijklmnop',
      activeStep: 0,
      botType: 'text',
      document: null,
      extractedText: '',
      filePath: null,
      welcomeMessage: 'Hello! How can I help you today?',
      chatbotTone: 'friendly',
      botName: DEFAULT_BOT_NAME,
      imageFile: null,
      imagePreview: null,
      creativityLevel: 'balanced',
      savedBotId: null,
      botCount: null,
      errors: {},
    });
  });

  it('moves between steps, never below 0 nor past the summary', () => {
    let state = run(start(), { type: 'chooseType', botType: 'text' }, { type: 'previousStep' });
    expect(state.activeStep).toBe(0);
    for (let i = 0; i < 10; i++) state = botCreationReducer(state, { type: 'nextStep' });
    expect(state.activeStep).toBe(6);
  });

  it('Back clears the error of the step being left, and only that one', () => {
    const state = run(
      start(),
      { type: 'setError', field: 'document', message: WIZARD_MSG.documentRequired },
      { type: 'nextStep' },
      { type: 'setError', field: 'welcomeMessage', message: WIZARD_MSG.welcomeRequired },
      { type: 'previousStep' },
    );
    expect(state.activeStep).toBe(0);
    expect(state.errors).toEqual({ document: WIZARD_MSG.documentRequired });
  });

  it('editing a field clears its error', () => {
    const state = run(
      start(),
      { type: 'setError', field: 'botName', message: WIZARD_MSG.nameRequired },
      { type: 'setBotName', value: 'Helper' },
    );
    expect(state.botName).toBe('Helper');
    expect(state.errors.botName).toBeUndefined();
  });

  it('keeps the uploaded document and forgets it on removal', () => {
    const uploaded = run(start(), {
      type: 'documentUploaded',
      document: { name: 'menu.pdf', size: 1200 },
      extractedText: 'Menu',
      filePath: 'doc_abcdefghijklmnop',
    });
    expect(uploaded).toMatchObject({ filePath: 'doc_abcdefghijklmnop', extractedText: 'Menu' });
    expect(run(uploaded, { type: 'removeDocument' })).toMatchObject({
      document: null,
      filePath: null,
      extractedText: '',
    });
  });

  it('a new avatar drops the old upload id; removing it clears both', () => {
    const file = new File(['x'], 'avatar.png', { type: 'image/png' });
    const state = run(
      start(),
      { type: 'setImage', file, preview: 'data:image/png;base64,AA' },
      { type: 'imageUploaded', tempImagePath: 'img_abcdefghijklmnop' },
    );
    expect(state.tempImagePath).toBe('img_abcdefghijklmnop');
    expect(
      run(state, { type: 'setImage', file, preview: 'data:image/png;base64,BB' }).tempImagePath,
    ).toBeNull();
    expect(run(state, { type: 'removeImage' })).toMatchObject({
      imageFile: null,
      imagePreview: null,
      tempImagePath: null,
    });
  });

  it('a save moves to the summary with the bot id; a failure moves there with the error', () => {
    const saved = run(start(), { type: 'saved', botId: 'bot_1', botCount: 1 });
    expect(saved).toMatchObject({ activeStep: 6, savedBotId: 'bot_1', botCount: 1, sessionId: null });
    const failed = run(start(), { type: 'setupFailed', message: 'Failed to save bot: nope' });
    expect(failed).toMatchObject({ activeStep: 6, savedBotId: null, setupError: 'Failed to save bot: nope' });
  });

  it('restores what the wizard carried through /login at the last configuration step', () => {
    const state = run(start(), {
      type: 'restore',
      data: {
        sessionId: 'other_session_1234567',
        botType: 'text',
        botName: 'Sunny',
        welcomeMessage: 'Hi',
        chatbotTone: 'casual',
        creativityLevel: 'restricted',
        documentName: 'menu.pdf',
        filePath: 'doc_abcdefghijklmnop',
        tempImagePath: 'img_abcdefghijklmnop',
        imagePreview: 'data:image/png;base64,AA',
      },
    });
    expect(state).toMatchObject({
      typeChosen: true,
      activeStep: 5,
      sessionId: 'other_session_1234567',
      botName: 'Sunny',
      chatbotTone: 'casual',
      creativityLevel: 'restricted',
      document: { name: 'menu.pdf' },
      tempImagePath: 'img_abcdefghijklmnop',
    });
  });

  it('reset goes back to the defaults with the new session', () => {
    const state = run(
      start(),
      { type: 'setBotName', value: 'X' },
      { type: 'nextStep' },
      {
        type: 'reset',
        sessionId: 'fresh_session_123456',
      },
    );
    expect(state).toEqual(initialBotCreationState('fresh_session_123456'));
  });
});
