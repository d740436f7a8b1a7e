import { describe, expect, it } from 'vitest';
import { DOCUMENT_PREVIEW_MAX_CHARS } from '@vuxo/shared';
import { previewOf } from '../../src/services/wizard-sessions.js';

describe("the upload reply's preview of a document", () => {
  it('is the whole text on one line when it is short', () => {
    expect(previewOf('  Opening hours\n\nWe are open\tdaily.  ')).toBe('Opening hours We are open daily.');
  });

  it('cuts a long text at a word, within the limit, and says so with an ellipsis', () => {
    const text = Array.from({ length: 100 }, (_, i) => `word${i}`).join(' ');
    const preview = previewOf(text);
    expect(preview.length).toBeLessThanOrEqual(DOCUMENT_PREVIEW_MAX_CHARS);
    expect(preview.endsWith('…')).toBe(true);
    expect(text.startsWith(preview.slice(0, -1))).toBe(true);
    expect(text.charAt(preview.length - 1)).toBe(' ');
  });

  it('cuts inside a word only when there is no space to cut at', () => {
    const preview = previewOf('x'.repeat(1000));
    expect(preview).toBe(`${'x'.repeat(DOCUMENT_PREVIEW_MAX_CHARS - 1)}…`);
  });
});
