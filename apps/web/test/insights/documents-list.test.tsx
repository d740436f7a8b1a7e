import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { DOCUMENTS_MSG, SOURCES_MSG } from '@vuxo/shared/messages';
import type { BotDocumentsResponse } from '@vuxo/shared/schemas';
import { DocumentsList } from '../../src/features/insights/components/documents-list';
import type { InsightsApi } from '../../src/features/insights/insights-api';

afterEach(cleanup);

function show(reply: BotDocumentsResponse, uploadDocument = vi.fn(async () => ({ id: 'doc_new' }))) {
  const api = { documents: vi.fn(async () => reply), uploadDocument } as unknown as InsightsApi;
  render(<DocumentsList api={api} onError={() => undefined} />);
  return { api, uploadDocument };
}

describe("the bot's documents in the Sources panel", () => {
  it('on the Free Trial: the one document, replaceable, and the way to more', async () => {
    const { uploadDocument } = show({
      documents: [{ id: 'doc_1', name: 'guide.pdf', status: 'ready' }],
      maxDocuments: 1,
    });
    expect(await screen.findByText(SOURCES_MSG.documentSource('guide.pdf'))).toBeTruthy();
    expect(screen.getByText(DOCUMENTS_MSG.upgrade)).toBeTruthy();
    expect(screen.queryByLabelText(DOCUMENTS_MSG.addDocument)).toBeNull();
    const file = new File(['# Prices\nA cut costs $55.'], 'prices.txt', { type: 'text/plain' });
    fireEvent.change(screen.getByLabelText(DOCUMENTS_MSG.replaceLabel('guide.pdf')), {
      target: { files: [file] },
    });
    await waitFor(() => expect(uploadDocument).toHaveBeenCalledWith(file, 'doc_1'));
  });

  it('while a replacement is built, and when the last change failed, the owner reads it', async () => {
    show({
      documents: [
        { id: 'doc_1', name: 'guide.pdf', status: 'ready' },
        { id: 'doc_2', name: 'gifts.txt', status: 'ready' },
        { id: 'doc_3', name: 'guide-2027.pdf', status: 'pending', replaces: 'doc_1' },
      ],
      maxDocuments: 3,
      error: DOCUMENTS_MSG.noText,
    });
    expect(await screen.findByRole('status')).toHaveProperty('textContent', DOCUMENTS_MSG.rebuilding);
    expect(screen.getByText(DOCUMENTS_MSG.replacedBy('guide-2027.pdf'))).toBeTruthy();
    expect(screen.getByText(DOCUMENTS_MSG.failed(DOCUMENTS_MSG.noText))).toBeTruthy();
    expect(screen.getByText(DOCUMENTS_MSG.allowance(2, 3))).toBeTruthy();
    // Another document can be removed; the first only replaced.
    expect(screen.getByRole('button', { name: `${SOURCES_MSG.remove} gifts.txt` })).toBeTruthy();
    expect(screen.queryByRole('button', { name: `${SOURCES_MSG.remove} guide.pdf` })).toBeNull();
    expect(screen.getByLabelText(DOCUMENTS_MSG.addDocument)).toBeTruthy();
  });
});
