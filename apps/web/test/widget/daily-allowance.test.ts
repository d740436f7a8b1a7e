import { describe, expect, it } from 'vitest';
import { WIDGET_MSG } from '@vuxo/shared/messages';
import { allowanceChanges, reducerOf, type AllowanceState } from '../../src/features/widget/hooks/chat-state';

const reduce = reducerOf(allowanceChanges);
const start: AllowanceState = { serverLeft: 5, limitedBy: null, localCount: 2 };
const reply = (note?: string) => ({
  id: 'r',
  position: 'left' as const,
  text: 'Open from 9',
  date: new Date(),
  ...(note ? { note } : {}),
});

describe('the daily allowance’s slice', () => {
  it('takes the server’s count after an answer, and this browser’s count when given', () => {
    const state = reduce(start, { type: 'answered', message: reply(), messagesLeft: 4, localCount: 3 });
    expect(state).toEqual({ serverLeft: 4, limitedBy: null, localCount: 3 });
  });

  it('counts a reply that did not finish as one message fewer (the server counted it, without a count back)', () => {
    const stopped = {
      type: 'answered' as const,
      message: reply(WIDGET_MSG.replyStopped),
      messagesLeft: null,
    };
    expect(reduce(start, stopped)).toMatchObject({ serverLeft: 4, localCount: 2 });
    expect(reduce({ ...start, serverLeft: null }, stopped).serverLeft).toBeNull();
  });

  it('ignores the conversation’s other events', () => {
    expect(reduce(start, { type: 'retry' })).toBe(start);
    expect(reduce(start, { type: 'sendFailed', id: 'm1', error: 'x', limitReached: false })).toBe(start);
  });
});
