import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { SUGGESTED_QUESTIONS_MSG as M } from '@vuxo/shared/messages';
import { SUGGESTED_QUESTIONS_LIMITS as L } from '@vuxo/shared/suggested-questions';
import { SuggestedQuestionsPanel } from '../../src/features/insights/components/suggested-questions-panel';
import type { InsightsApi } from '../../src/features/insights/insights-api';

afterEach(cleanup);

const FROM_DOCUMENT = [
  'What are your opening hours?',
  'Is parking available?',
  'How much does a check-up cost?',
];

function show(questions = FROM_DOCUMENT) {
  const saveSuggestedQuestions = vi.fn(async (saved: string[]) => ({
    questions: saved,
    edited: true,
    fromDocument: FROM_DOCUMENT,
  }));
  const resetSuggestedQuestions = vi.fn(async () => ({
    questions: FROM_DOCUMENT,
    edited: false,
    fromDocument: FROM_DOCUMENT,
  }));
  const api = {
    suggestedQuestions: vi.fn(async () => ({ questions, edited: false, fromDocument: FROM_DOCUMENT })),
    saveSuggestedQuestions,
    resetSuggestedQuestions,
  } as unknown as InsightsApi;
  const onSaved = vi.fn();
  render(<SuggestedQuestionsPanel api={api} onError={() => undefined} onSaved={onSaved} />);
  return { saveSuggestedQuestions, resetSuggestedQuestions, onSaved };
}

const rows = () => screen.getAllByRole('textbox', { name: /^Suggested question \d/ }) as HTMLInputElement[];
const values = () => rows().map((input) => input.value);
const save = () => fireEvent.click(screen.getByRole('button', { name: M.save }));

describe('the owner’s suggested questions (decision 107)', () => {
  it('edits, reorders with buttons that keep the keyboard on the moved question, removes, adds and saves', async () => {
    const { saveSuggestedQuestions, onSaved } = show();
    await screen.findByRole('heading', { name: M.title });
    expect(screen.getByText(M.fromDocument)).toBeTruthy();
    expect(values()).toEqual(FROM_DOCUMENT);
    expect(
      (screen.getByRole('button', { name: M.moveUp(FROM_DOCUMENT[0]!) }) as HTMLButtonElement).disabled,
    ).toBe(true);

    fireEvent.change(rows()[1]!, { target: { value: 'Where can I park?' } });
    fireEvent.click(screen.getByRole('button', { name: M.moveUp('Where can I park?') }));
    expect(values()).toEqual(['Where can I park?', FROM_DOCUMENT[0], FROM_DOCUMENT[2]]);
    // At the top its Move up is disabled: the keyboard stays on the same question's Move down.
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: M.moveDown('Where can I park?') }),
    );

    fireEvent.click(screen.getByRole('button', { name: M.remove(FROM_DOCUMENT[0]!) }));
    expect(values()).toEqual(['Where can I park?', FROM_DOCUMENT[2]]);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: M.remove(FROM_DOCUMENT[2]!) }));

    fireEvent.change(screen.getByRole('textbox', { name: M.add }), {
      target: { value: '  Do you see children?  ' },
    });
    fireEvent.click(screen.getByRole('button', { name: M.add }));
    expect(values()).toEqual(['Where can I park?', FROM_DOCUMENT[2], 'Do you see children?']);

    save();
    expect(saveSuggestedQuestions).toHaveBeenCalledWith([
      'Where can I park?',
      FROM_DOCUMENT[2],
      'Do you see children?',
    ]);
    expect((await screen.findByRole('status')).textContent).toBe(M.saved);
    expect(screen.getByText(M.yours)).toBeTruthy();
    expect(onSaved).toHaveBeenCalledTimes(1);
  });

  it('refuses a duplicate (case and punctuation aside), an empty or too long question, with the shared messages', async () => {
    const { saveSuggestedQuestions } = show();
    const field = await screen.findByRole('textbox', { name: M.add });
    const add = (text: string) => {
      fireEvent.change(field, { target: { value: text } });
      fireEvent.click(screen.getByRole('button', { name: M.add }));
      return screen.queryByRole('alert')?.textContent;
    };
    expect(add('is parking available')).toBe(M.duplicate('is parking available'));
    expect(field.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
    expect(add('   ')).toBe(M.questionRequired);
    expect(add('x'.repeat(L.chars + 1))).toBe(M.questionTooLong(L.chars));
    expect(values()).toEqual(FROM_DOCUMENT);

    // An edit that repeats another row is refused at Save, before anything is sent.
    fireEvent.change(rows()[2]!, { target: { value: 'WHAT ARE YOUR OPENING HOURS' } });
    save();
    expect(screen.getByRole('alert').textContent).toBe(M.duplicate('WHAT ARE YOUR OPENING HOURS'));
    fireEvent.change(rows()[2]!, { target: { value: '' } });
    save();
    expect(screen.getByRole('alert').textContent).toBe(M.questionRequired);
    expect(saveSuggestedQuestions).not.toHaveBeenCalled();
  });

  it('offers no more room than the limit, and says when visitors see no question', async () => {
    const full = Array.from({ length: L.count }, (_, i) => `Question ${i + 1}?`);
    show(full);
    await screen.findByRole('heading', { name: M.title });
    expect(screen.queryByRole('textbox', { name: M.add })).toBeNull();
    for (const question of full) fireEvent.click(screen.getByRole('button', { name: M.remove(question) }));
    expect(screen.getByText(M.empty)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: M.add }));
  });

  it('gives an edited list back to the document', async () => {
    const { resetSuggestedQuestions } = show();
    fireEvent.change((await screen.findAllByRole('textbox'))[0]!, {
      target: { value: 'Are you open late?' },
    });
    save();
    const reset = await screen.findByRole('button', { name: M.reset });
    fireEvent.click(reset);
    expect(resetSuggestedQuestions).toHaveBeenCalled();
    expect((await screen.findByText(M.resetDone)).getAttribute('role')).toBe('status');
    expect(values()).toEqual(FROM_DOCUMENT);
    expect(screen.queryByRole('button', { name: M.reset })).toBeNull();
    expect(within(screen.getByRole('list')).getAllByRole('listitem')).toHaveLength(FROM_DOCUMENT.length);
  });
});
