import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { INSIGHTS_MSG } from '@vuxo/shared/messages';
import type { CheckUpResponse } from '@vuxo/shared/schemas';
import { CheckUpPanel } from '../../src/features/insights/components/check-up-panel';

afterEach(cleanup);

const checkUp: CheckUpResponse = {
  ready: true,
  items: [
    {
      question: 'What are your opening hours?',
      reply: 'We are open Monday to Friday, 8 am to 6 pm.',
      outcome: 'answered',
    },
    { question: 'What are your prices?', reply: 'A check-up is $95.', outcome: 'unsure' },
    { question: 'Do you offer dog grooming?', reply: 'Please write to us.', outcome: 'declined' },
  ],
};

describe("the owner's check-up", () => {
  it("lists each question with the bot's answer and says which it was unsure of or did not answer", () => {
    render(<CheckUpPanel checkUp={checkUp} save={async () => null} />);
    const section = screen.getByRole('region', { name: INSIGHTS_MSG.checkUpTitle });
    const item = (question: string) =>
      within(section)
        .getAllByRole('listitem')
        .find((li) => li.textContent?.includes(question))!;
    expect(item('What are your opening hours?').textContent).toContain(
      'We are open Monday to Friday, 8 am to 6 pm.',
    );
    expect(item('What are your opening hours?').textContent).toContain(INSIGHTS_MSG.checkUpOutcome.answered);
    expect(item('What are your prices?').textContent).toContain(INSIGHTS_MSG.checkUpOutcome.unsure);
    expect(item('Do you offer dog grooming?').textContent).toContain(INSIGHTS_MSG.checkUpOutcome.declined);
    expect(within(section).getAllByRole('button', { name: INSIGHTS_MSG.fixAnswer })).toHaveLength(3);
  });

  it('Fix this answer opens the answer form with the question filled in, and saves it', async () => {
    const save = vi.fn(async () => null);
    render(<CheckUpPanel checkUp={checkUp} save={save} />);
    const item = screen
      .getAllByRole('listitem')
      .find((li) => li.textContent?.includes('What are your prices?'))!;
    fireEvent.click(within(item).getByRole('button', { name: INSIGHTS_MSG.fixAnswer }));
    const question = within(item).getByLabelText<HTMLInputElement>(INSIGHTS_MSG.questionLabel);
    expect(question.value).toBe('What are your prices?');
    fireEvent.change(within(item).getByLabelText(INSIGHTS_MSG.answerLabel), {
      target: { value: 'A check-up is $120.' },
    });
    fireEvent.click(within(item).getByRole('button', { name: INSIGHTS_MSG.saveCorrection }));
    await waitFor(() => expect(within(item).queryByLabelText(INSIGHTS_MSG.questionLabel)).toBeNull());
    expect(save).toHaveBeenCalledWith({ question: 'What are your prices?', answer: 'A check-up is $120.' });
  });

  it('shows each reply as visitors see it: the widget’s Markdown, no escapes or marks left raw (one renderer)', async () => {
    const markdown: CheckUpResponse = {
      ready: true,
      items: [
        {
          question: 'What is your phone number?',
          reply:
            'Call us on \\(801\\) 555-0100.\n\n- Monday: 9am–5pm\n- Tuesday: 9am–5pm\n\n_Source: Contact_',
          outcome: 'answered',
        },
      ],
    };
    render(<CheckUpPanel checkUp={markdown} save={async () => null} />);
    // The check-up's one item (the reply's own list items arrive with the renderer).
    const [item] = screen.getAllByRole('listitem') as [HTMLElement];
    expect(await within(item).findByText('Call us on (801) 555-0100.')).toBeTruthy();
    const days = within(item).getAllByRole('listitem');
    expect(days.map((day) => day.textContent)).toEqual(['Monday: 9am–5pm', 'Tuesday: 9am–5pm']);
    expect(within(item).getByText('Source: Contact').tagName).toBe('EM');
    expect(item.textContent).not.toMatch(/\\\(|_Source|- Monday/);
  });

  it('says when the bot is not answering yet, and when there is nothing to check', () => {
    const { rerender } = render(
      <CheckUpPanel checkUp={{ ready: false, items: [] }} save={async () => null} />,
    );
    expect(screen.getByText(INSIGHTS_MSG.checkUpNotReady)).toBeTruthy();
    rerender(<CheckUpPanel checkUp={{ ready: true, items: [] }} save={async () => null} />);
    expect(screen.getByText(INSIGHTS_MSG.checkUpEmpty)).toBeTruthy();
  });
});
