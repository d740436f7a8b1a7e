import { askedQuestion } from '../../../../src/engine/answer/asked-question.js';
import type { AnswerBot } from '../../../../src/engine/answer/index.js';
import { askerOf } from '../ask-engine.js';
import { asksAddress } from '../../../../src/engine/answer/topics/address.js';
import { buildKnowledgeHere } from '../../../../src/engine/build/build-knowledge.js';
import type { EngineRule } from '../../../../src/engine/rules.js';

const CRECHE = [
  '# Welcome',
  'Kowhai Creche cares for children from six months to five years.',
  '# Important information',
  'Please tell us about any change of address or telephone number, so we can reach you in an emergency.',
  '# Contact us',
  '29 Chelsea Street\nMiramar\nWellington 6022\n\nPhone: 04 380 0000',
].join('\n\n');

const bot: AnswerBot = {
  id: 'bot_address',
  name: 'Kowhai Helper',
  tone: 'friendly',
  creativity: 'restricted',
  version: '1',
  documentName: 'creche.docx',
  contactEmail: 'owner@kowhai.example',
};

const askOf = (text: string, off: EngineRule[] = []) =>
  askerOf(bot, buildKnowledgeHere({ text, pages: null }).index, off);

describe('address questions answered from the key facts', () => {
  it.each(['whats the address', 'where are you located?', 'wheres ur adress', 'how do I get to you?'])(
    'answers "%s" with the street address first and its source',
    async (question) => {
      const answer = await askOf(CRECHE)(question);
      expect(answer.kind).toBe('answer');
      expect(answer.reply).toBe(
        'Our address is 29 Chelsea Street, Miramar, Wellington 6022.\n\n_Source: Contact us_',
      );
    },
  );

  it('answers from the passage whose heading the address line became', async () => {
    const flyer =
      '# Escape rooms\n\nFull of puzzles.\n\n## Contact\n\nSpielbudenplatz 21, 20359 Hamburg\ninfo@rooms.example';
    const answer = await askOf(flyer)('whats the address');
    expect(answer.reply).toMatch(/^Our address is Spielbudenplatz 21, 20359 Hamburg\./);
  });

  it('goes the normal way for another kind of address', async () => {
    const answer = await askOf(CRECHE)('how do I tell you about a change of address?');
    expect(answer.reply).toMatch(/change of address or telephone number/);
  });

  it('goes the normal way when the document gives no address', async () => {
    const answer = await askOf(CRECHE.replace(/29 Chelsea Street\nMiramar\nWellington 6022\n\n/, ''))(
      'whats the address',
    );
    expect(answer.reply).not.toMatch(/^Our address is/);
  });

  it('answers the normal way with the rule off', async () => {
    expect((await askOf(CRECHE, ['address-facts'])('whats the address')).reply).not.toMatch(
      /^Our address is/,
    );
  });

  it('answers a postcode and the sat nav, and "where is the creche?" when the address names it', async () => {
    for (const question of ["what's the postcode", 'postcode for the sat nav?']) {
      expect((await askOf(CRECHE)(question)).reply, question).toMatch(/^Our address is 29 Chelsea Street/);
    }
    const named = CRECHE.replace('# Contact us', '# Contact us\n\n## Kowhai Creche');
    expect((await askOf(named)('where is the creche?')).reply).toMatch(/^Our address is 29 Chelsea Street/);
    // Its subject printed nowhere by the address, the question is about something else.
    expect((await askOf(named)('where is the nappy bin?')).reply).not.toMatch(/^Our address is/);
  });

  it('answers "where exactly is the hostel?" when the document’s title names the business so', async () => {
    const hostel = [
      '# Maverick Hostel',
      'Rooms in a renovated mansion in the heart of the city.',
      '# Directions',
      'Address\n\nHungary, Budapest 1051\nFerenciek tere 2\nPhone +36 1 2673166',
    ].join('\n\n');
    for (const question of ['where exactly is the hostel', 'where is the hostel?'])
      expect((await askOf(hostel)(question)).reply, question).toMatch(
        /^Our address is Hungary, Budapest 1051, Ferenciek tere 2\./,
      );
    expect((await askOf(hostel)('where is the nearest hospital?')).reply).not.toMatch(/^Our address is/);
  });

  it('reads what asks where the business is, and nothing else', () => {
    expect(asksAddress(askedQuestion("what's your address?"))).toBe(true);
    expect(asksAddress(askedQuestion('where is the clinic?'))).toBe(true);
    expect(asksAddress(askedQuestion("where's the gym"))).toBe(true);
    expect(asksAddress(askedQuestion('what city are you in'))).toBe(true);
    expect(asksAddress(askedQuestion('what city is the conference in'))).toBe(false);
    expect(asksAddress(askedQuestion('what is my postcode?'))).toBe(false);
    expect(asksAddress(askedQuestion('what is your email address'))).toBe(false);
    expect(asksAddress(askedQuestion('where are the towels kept'))).toBe(false);
    expect(asksAddress(askedQuestion('where do I park'))).toBe(false);
  });
});
