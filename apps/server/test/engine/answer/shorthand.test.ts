import { expandShorthand } from '../../../src/engine/answer/shorthand.js';
import { ALL_RULES, rulesWithout } from '../../../src/engine/rules.js';

describe('chat shorthand', () => {
  it('writes out the texting forms of whole words', () => {
    expect(expandShorthand('hw much r u charging 4 a cut', ALL_RULES)).toBe(
      'how much are you charging 4 a cut',
    );
    expect(expandShorthand('whr is ur shop? open 2moro?', ALL_RULES)).toBe(
      'where is your shop? open tomorrow?',
    );
  });

  it('leaves words, names, addresses and initials that only contain them', () => {
    for (const text of [
      'Are you near the U.S. border?',
      'do you do R&B songs',
      'email ur@shop.example',
      'hwy 7',
    ]) {
      expect(expandShorthand(text, ALL_RULES)).toBe(text);
    }
  });

  it('is switched off by its rule (bench/eval-engine --rule-worth)', () => {
    expect(expandShorthand('hw much', rulesWithout(['shorthand']))).toBe('hw much');
  });
});
