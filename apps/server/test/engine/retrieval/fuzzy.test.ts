import { FUZZY_FACTOR, Vocabulary } from '../../../src/engine/retrieval/fuzzy.js';
import { terms } from '../../../src/engine/retrieval/text-analysis.js';

const vocabulary = (text: string) => new Vocabulary(terms(text));
const similar = (v: Vocabulary, word: string) => v.similar(terms(word)[0]!).map((m) => m.term);

describe('Vocabulary.similar', () => {
  const v = vocabulary(
    'Please arrive ten minutes before your appointment. Opening hours and management contacts are on the door. ' +
      'Physiotherapy sessions are approximately an hour. We are closed at the weekend.',
  );

  it('reads a near spelling and a completion of the document’s words', () => {
    expect(similar(v, 'appointmnet')).toContain(terms('appointment')[0]);
    expect(similar(v, 'physio')).toContain(terms('physiotherapy')[0]);
  });

  it('reads an abbreviation written without its vowels as the words it may stand for', () => {
    expect(similar(v, 'appt')).toEqual([terms('appointment')[0]]);
    expect(similar(v, 'wknd')).toEqual([terms('weekend')[0]]);
    expect(v.similar('appt')[0]?.factor).toBe(FUZZY_FACTOR.prefix);
  });

  it('reads no abbreviation into a word with vowels, or one the letters do not spell in order', () => {
    expect(similar(v, 'apt')).toEqual([]);
    expect(similar(v, 'xyzw')).toEqual([]);
  });
});
