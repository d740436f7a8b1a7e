import { splitIntoPassages } from '../../../src/engine/passages/index.js';
import type { Passage } from '../../../src/engine/passages/index.js';

/** Plain-text documents typed as owners type them (issue 45): headings in sentence case, roles in capitals. */
const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
const txt = (text: string) => splitIntoPassages({ text, pages: null });
const headings = (passages: Passage[]) => [...new Set(passages.map((p) => p.heading))];

describe('splitIntoPassages: headings in sentence case that open their block', () => {
  it('reads a short line over its paragraph or list as its heading, "Our team" too', () => {
    const passages = txt(
      [
        'Opening hours',
        'Monday to Friday: 8:00 am to 6:00 pm',
        'Saturday: 9:00 am to 1:00 pm',
        '',
        'Our team',
        'Dr. Helen Ward is our principal dentist.',
      ].join('\n'),
    );
    expect(headings(passages)).toEqual(['Opening hours', 'Our team']);
  });

  it('leaves a wrapped sentence, a sentence starting with a pronoun and a lead-in’s items as text', () => {
    const passages = txt(
      [
        'About us',
        '',
        'Patients are seen',
        'within two days of calling us.',
        '',
        'We are open late',
        'On Thursdays until 8 pm.',
        '',
        'Use one of these keyboard shortcuts:',
        '',
        'Super F1 Decrease brightness',
        'Super F2 Increase brightness',
      ].join('\n'),
    );
    expect(headings(passages)).toEqual(['About us']);
    expect(squash(passages.map((p) => p.text).join(' '))).toContain('Super F1 Decrease brightness');
  });

  it('closes a role in capitals after its bio: what follows is not under the last staff member', () => {
    const passages = txt(
      [
        'Dr Jane Smith',
        '',
        'DENTIST',
        '',
        'Jane qualified from Leeds in 2004.',
        '',
        'Sarah Lin',
        '',
        'ASSISTANT',
        '',
        'Sarah looks after our nervous patients.',
        '',
        'Payment',
        'We accept cash and cards.',
        '',
        'Emergencies',
        'Call us first thing and we will see you the same day.',
      ].join('\n'),
    );
    expect(headings(passages).slice(-2)).toEqual(['Payment', 'Emergencies']);
  });

  it('keeps sections in capitals that hold sub-sections as their parents', () => {
    const passages = txt(
      [
        'FEES',
        '',
        'Check-ups',
        'A check-up costs $60.',
        '',
        'POLICIES',
        '',
        'Cancellations',
        'Cancel a day ahead, or a $40 fee applies.',
      ].join('\n'),
    );
    expect(headings(passages)).toEqual(['FEES › Check-ups', 'POLICIES › Cancellations']);
  });

  it('does not make the document’s title a label of its first section alone', () => {
    const passages = txt(['Riverside Dental Care', '', 'Payment', 'We accept cash and cards.'].join('\n'));
    expect(headings(passages)).toEqual(['Payment']);
  });
});
