import { expandShorthand } from '../../../src/engine/answer/shorthand.js';
import { setRulesOff } from '../../../src/engine/rules.js';

describe('chat shorthand', () => {
  afterEach(() => setRulesOff([]));

  it('writes out the texting forms of whole words', () => {
    expect(expandShorthand('hw much r u charging 4 a cut')).toBe('how much are you charging 4 a cut');
    expect(expandShorthand('whr is ur shop? open 2moro?')).toBe('where is your shop? open tomorrow?');
  });

  it('leaves words, names, addresses and initials that only contain them', () => {
    for (const text of [
      'Are you near the U.S. border?',
      'do you do R&B songs',
      'email ur@shop.example',
      'hwy 7',
    ]) {
      expect(expandShorthand(text)).toBe(text);
    }
  });

  it('is switched off by its rule (bench/eval-engine --rule-worth)', () => {
    setRulesOff(['shorthand']);
    expect(expandShorthand('hw much')).toBe('hw much');
  });
});
