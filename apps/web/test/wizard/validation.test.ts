import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES, DOCUMENT_MAX_BYTES } from '@vuxo/shared/limits';
import { WIZARD_MSG } from '@vuxo/shared/messages';
import { initialBotCreationState } from '../../src/features/wizard/state/bot-creation-state';
import {
  validateDocumentFile,
  validateImageFile,
  validateStep,
} from '../../src/features/wizard/state/validation';

const state = (patch: Partial<ReturnType<typeof initialBotCreationState>> = {}) => ({
  ...initialBotCreationState('session_abcdefghijklmnop'),
  ...patch,
});

function fileOf(name: string, type: string, size = 10): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('what Next checks on each step', () => {
  it('step 0 needs an uploaded document', () => {
    expect(validateStep(0, state())).toEqual({ field: 'document', message: WIZARD_MSG.documentRequired });
    expect(validateStep(0, state({ filePath: 'doc_abcdefghijklmnop' }))).toBeNull();
  });

  it('step 1: a welcome message of at most 200 characters', () => {
    expect(validateStep(1, state({ welcomeMessage: '   ' }))?.message).toBe(WIZARD_MSG.welcomeRequired);
    expect(validateStep(1, state({ welcomeMessage: 'x'.repeat(201) }))?.message).toBe(
      WIZARD_MSG.welcomeTooLong,
    );
    expect(validateStep(1, state({ welcomeMessage: 'x'.repeat(200) }))).toBeNull();
  });

  it('step 2: a tone', () => {
    expect(validateStep(2, state({ chatbotTone: null }))).toEqual({
      field: 'chatbotTone',
      message: WIZARD_MSG.toneRequired,
    });
    expect(validateStep(2, state())).toBeNull();
  });

  it('step 3: a name of at most 50 letters, digits, spaces, hyphens or underscores', () => {
    expect(validateStep(3, state({ botName: '' }))?.message).toBe(WIZARD_MSG.nameRequired);
    expect(validateStep(3, state({ botName: 'x'.repeat(51) }))?.message).toBe(WIZARD_MSG.nameTooLong);
    expect(validateStep(3, state({ botName: 'Bad$Name' }))?.message).toBe(WIZARD_MSG.nameCharacters);
    expect(validateStep(3, state({ botName: 'Good name_2-b' }))).toBeNull();
  });

  it('step 4 is optional', () => {
    expect(validateStep(4, state())).toBeNull();
  });

  it('step 5: a creativity level', () => {
    expect(validateStep(5, state({ creativityLevel: null }))?.message).toBe(WIZARD_MSG.creativityRequired);
    expect(validateStep(5, state())).toBeNull();
  });
});

describe('chosen files', () => {
  it('a document: PDF, Word, text or a JPEG, PNG or WebP photo, at most 5MB', () => {
    expect(validateDocumentFile(null)).toBe(WIZARD_MSG.documentNotSelected);
    expect(validateDocumentFile(fileOf('photo.gif', 'image/gif'))).toBe(WIZARD_MSG.documentType);
    expect(validateDocumentFile(fileOf('big.pdf', 'application/pdf', DOCUMENT_MAX_BYTES + 1))).toBe(
      WIZARD_MSG.documentTooLarge,
    );
    for (const name of [
      'a.pdf',
      'a.doc',
      'a.DOCX',
      'a.txt',
      'menu.jpg',
      'menu.JPEG',
      'menu.png',
      'menu.webp',
    ])
      expect(validateDocumentFile(fileOf(name, ''))).toBeNull();
    expect(validateDocumentFile(fileOf('notes', 'text/plain'))).toBeNull();
  });

  it('an avatar: JPEG, PNG, GIF or WebP, at most 1MB', () => {
    expect(validateImageFile(undefined)).toBe(WIZARD_MSG.imageNotSelected);
    expect(validateImageFile(fileOf('doc.pdf', 'application/pdf'))).toBe(WIZARD_MSG.imageType);
    expect(validateImageFile(fileOf('big.png', 'image/png', AVATAR_MAX_BYTES + 1))).toBe(
      WIZARD_MSG.imageTooLarge,
    );
    for (const name of ['a.jpg', 'a.jpeg', 'a.png', 'a.gif', 'a.webp'])
      expect(validateImageFile(fileOf(name, ''))).toBeNull();
  });
});
