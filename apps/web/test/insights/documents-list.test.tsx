import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { DOCUMENTS_MSG, SOURCES_MSG, WIZARD_MSG } from '@vuxo/shared/messages';
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

describe('a replaced or added document read on the server (decision 084)', () => {
  afterEach(() => vi.useRealTimers());

  const first = { id: 'doc_1', name: 'guide.pdf', status: 'ready' } as const;
  const scan = (reading: { done: number; total: number }, replaces?: string) => ({
    id: 'doc_2',
    name: 'scan.pdf',
    status: 'reading' as const,
    ...(replaces ? { replaces } : {}),
    reading,
  });

  /** The list as the server tells it now; each poll (every 1.5 s) reads it again. */
  function showLive(initial: BotDocumentsResponse) {
    const state = { now: initial };
    const api = {
      documents: vi.fn(async () => state.now),
      uploadDocument: vi.fn(async () => ({ id: 'doc_2' })),
    } as unknown as InsightsApi;
    render(<DocumentsList api={api} onError={() => undefined} />);
    const poll = async (next: BotDocumentsResponse) => {
      state.now = next;
      await act(() => vi.advanceTimersByTimeAsync(1_500));
    };
    return { state, poll };
  }
  const bar = () => screen.getByRole('progressbar', { name: WIZARD_MSG.readingLabel('scan.pdf') });

  it("replace: the scan's pages show as the wizard shows them, then it is pending, then Ready", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { state, poll } = showLive({ documents: [first], maxDocuments: 3 });
    const input = await screen.findByLabelText(DOCUMENTS_MSG.replaceLabel('guide.pdf'));
    state.now = { documents: [first, scan({ done: 0, total: 0 }, 'doc_1')], maxDocuments: 3 };
    fireEvent.change(input, { target: { files: [new File(['%PDF'], 'scan.pdf')] } });

    // Answered at once: read on the server, the bot meanwhile answering from the current document.
    await waitFor(() => expect(bar().getAttribute('aria-valuetext')).toBe(DOCUMENTS_MSG.reading));
    expect(screen.getByText(DOCUMENTS_MSG.replacedBy('scan.pdf'))).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(DOCUMENTS_MSG.rebuilding);

    await poll({ documents: [first, scan({ done: 2, total: 6 }, 'doc_1')], maxDocuments: 3 });
    expect(screen.getByText(WIZARD_MSG.readingPage(3, 6))).toBeTruthy();
    expect(bar().getAttribute('aria-valuenow')).toBe('2');
    expect(bar().getAttribute('aria-valuemax')).toBe('6');

    await poll({
      documents: [first, { ...scan({ done: 0, total: 0 }, 'doc_1'), status: 'pending', reading: undefined }],
      maxDocuments: 3,
    });
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText(DOCUMENTS_MSG.replacedBy('scan.pdf'))).toBeTruthy();

    await poll({ documents: [{ id: 'doc_2', name: 'scan.pdf', status: 'ready' }], maxDocuments: 3 });
    const item = screen.getByText(SOURCES_MSG.documentSource('scan.pdf')).closest('li')!;
    expect(within(item).getByText(SOURCES_MSG.status.ready)).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('add: the document being read has its own row; a refusal found while reading is told with its message', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { poll } = showLive({ documents: [first, scan({ done: 1, total: 6 })], maxDocuments: 3 });
    const item = (await screen.findByText(SOURCES_MSG.documentSource('scan.pdf'))).closest('li')!;
    expect(within(item).getByText(WIZARD_MSG.readingPage(2, 6))).toBeTruthy();
    // Being read, it counts as the plan's second document.
    expect(screen.getByText(DOCUMENTS_MSG.allowance(2, 3))).toBeTruthy();

    await poll({ documents: [first], maxDocuments: 3, error: WIZARD_MSG.documentNoText });
    expect(screen.getByRole('alert').textContent).toBe(DOCUMENTS_MSG.failed(WIZARD_MSG.documentNoText));
    expect(screen.queryByText(SOURCES_MSG.documentSource('scan.pdf'))).toBeNull();
    expect(screen.getByText(DOCUMENTS_MSG.allowance(1, 3))).toBeTruthy();
  });
});
