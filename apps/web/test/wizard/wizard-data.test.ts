import { describe, expect, it } from 'vitest';
import { readFinalizeAction } from '../../src/features/wizard/state/wizard-data';

const wizardData = {
  sessionId: 'session_abcdefghijklmnop',
  botType: 'text',
  botName: 'Sunny',
  welcomeMessage: 'Hi there',
  chatbotTone: 'casual',
  creativityLevel: 'restricted',
  documentName: 'menu.pdf',
  filePath: 'doc_abcdefghijklmnop',
  documentSize: 1200,
  tempImagePath: 'img_abcdefghijklmnop',
  imagePreview: 'data:image/png;base64,AAAA',
};

describe('the post-login action in navigation state', () => {
  it('is read back with its wizard data', () => {
    const action = readFinalizeAction({ postLoginAction: { type: 'finalizeBot', wizardData } });
    expect(action).toEqual({ type: 'finalizeBot', wizardData });
  });

  it('is refused when it is not ours or its data does not pass the save schema', () => {
    expect(readFinalizeAction(null)).toBeNull();
    expect(readFinalizeAction({ postLoginAction: { type: 'other', wizardData } })).toBeNull();
    expect(
      readFinalizeAction({
        postLoginAction: { type: 'finalizeBot', wizardData: { ...wizardData, sessionId: 'x' } },
      }),
    ).toBeNull();
    expect(
      readFinalizeAction({
        postLoginAction: { type: 'finalizeBot', wizardData: { ...wizardData, botName: 'Bad$' } },
      }),
    ).toBeNull();
  });

  it('drops a preview that is not a PNG data URL', () => {
    const action = readFinalizeAction({
      postLoginAction: {
        type: 'finalizeBot',
        wizardData: { ...wizardData, imagePreview: 'javascript:alert(1)' },
      },
    });
    expect(action?.wizardData.imagePreview).toBeNull();
  });
});
