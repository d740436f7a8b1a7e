import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { INSIGHTS_MSG } from '@vuxo/shared/messages';
import type { MissedQuestion } from '@vuxo/shared/schemas';
import { AnswersPanel } from '../../src/features/insights/components/answers-panel';

afterEach(cleanup);

const question = (
  text: string,
  reason: MissedQuestion['reason'],
  answer: string | null = null,
): MissedQuestion => ({
  id: `msg_${text.length}`,
  text,
  count: 1,
  lastAskedAt: '2026-11-25T10:00:00.000Z',
  declined: reason && !answer ? 1 : 0,
  downVotes: reason ? 0 : 1,
  reason,
  answer,
});

describe("the owner's missed questions", () => {
  it('say in one plain line why the bot declined each, and nothing for an answer only rated down', () => {
    render(
      <AnswersPanel
        missed={[
          question('Do you take Amex?', { rule: 'absent-word', words: ['amex'] }),
          question('Is the chef vegan?', { rule: 'focus-missing', words: ['chef'] }),
          question('How much is a filling?', { rule: 'answer-type', words: [], answerType: 'money' }),
          question('How long does it take?', { rule: 'answer-type', words: [], answerType: 'duration' }),
          question('Do you groom dogs?', { rule: 'weak-match', words: [] }),
          question('Is there parking?', null),
        ]}
        corrections={[]}
        save={async () => null}
        remove={() => undefined}
        dismiss={() => undefined}
      />,
    );
    const item = (text: string) =>
      screen.getAllByRole('listitem').find((li) => li.textContent?.includes(text))?.textContent;
    expect(item('Do you take Amex?')).toContain('Your document never mentions "amex".');
    expect(item('Is the chef vegan?')).toContain('Your document doesn’t say anything about "chef" here.');
    expect(item('How much is a filling?')).toContain('Your document talks about this but gives no price.');
    expect(item('How long does it take?')).toContain(
      'Your document talks about this but gives no length of time.',
    );
    expect(item('Do you groom dogs?')).toContain('Nothing in your document matched this question closely.');
    expect(item('Is there parking?')).not.toMatch(/Your document|Nothing in your document/);
    expect(INSIGHTS_MSG.missedReason({ rule: 'no-match', words: [] })).toBe(
      'Nothing in your document matched this question closely.',
    );
  });
});

describe('an answer to review', () => {
  it('shows what the bot told visitors, as they saw it, with Fix this answer; a decline has Write the answer', async () => {
    render(
      <AnswersPanel
        missed={[
          question(
            'What should I bring to my first appointment?',
            { rule: 'low-confidence', words: [] },
            'Bring any questions to your follow-up visit.\n\n_Source: Crowns_',
          ),
          question('Do you take Amex?', { rule: 'absent-word', words: ['amex'] }),
        ]}
        corrections={[]}
        save={async () => null}
        remove={() => undefined}
        dismiss={() => undefined}
      />,
    );
    const item = (text: string) =>
      screen.getAllByRole('listitem').find((li) => li.textContent?.includes(text)) as HTMLElement;
    const unsure = item('What should I bring');
    expect(unsure.textContent).toContain(INSIGHTS_MSG.missedAnswerLabel);
    // The widget's Markdown renderer loads on first use.
    await waitFor(() => expect(unsure.querySelector('em')?.textContent).toBe('Source: Crowns'));
    expect(unsure.textContent).not.toContain('_Source');
    expect(unsure.querySelector('button')?.textContent).toBe(INSIGHTS_MSG.fixAnswer);
    const declined = item('Do you take Amex?');
    expect(declined.textContent).not.toContain(INSIGHTS_MSG.missedAnswerLabel);
    expect(declined.querySelector('button')?.textContent).toBe(INSIGHTS_MSG.writeAnswer);
  });
});

describe("the owner's saved answers", () => {
  it('say which visitor questions each one answered, and when none has been', () => {
    render(
      <AnswersPanel
        missed={[]}
        corrections={[
          {
            id: 'cor_1',
            question: "How much is a women's haircut?",
            answer: 'From $45.',
            updatedAt: '2026-11-25T10:00:00.000Z',
            answered: { count: 4, recent: ['ladies cut', 'how much for a haircut for women'] },
          },
          {
            id: 'cor_2',
            question: 'Do you sell gift cards?',
            answer: 'Yes, at the desk.',
            updatedAt: '2026-11-25T10:00:00.000Z',
            answered: { count: 0, recent: [] },
          },
        ]}
        save={async () => null}
        remove={() => undefined}
        dismiss={() => undefined}
      />,
    );
    expect(screen.getByText('Given for 4 visitor questions, lately:')).toBeTruthy();
    const asked = screen.getByRole('list', { name: INSIGHTS_MSG.correctionAnsweredList });
    expect([...asked.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'ladies cut',
      'how much for a haircut for women',
    ]);
    expect(screen.getByText('Not given to a visitor yet.')).toBeTruthy();
  });
});
