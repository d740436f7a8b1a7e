import { findHours } from '../../../src/engine/facts/hours.js';
import { factLines } from '../../../src/engine/facts/lines.js';

const hours = (text: string) => findHours(factLines(text)).hours;
const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri'] as const;

describe('findHours', () => {
  it('reads a day per line, a table row and "Closed"', () => {
    const text = [
      'Hours of Operation:',
      'Monday-Friday: 7:30 AM – 6 PM',
      'Saturday | 08:00 | 16:00',
      'Sunday: Closed',
    ].join('\n');
    expect(hours(text)).toEqual([
      ...WEEKDAYS.map((day) => ({ day, opens: '07:30', closes: '18:00' })),
      { day: 'sat', opens: '08:00', closes: '16:00' },
      { day: 'sun', closed: true },
    ]);
  });

  it('reads ranges of days and times on one line, with the am/pm a sign leaves out', () => {
    expect(hours('Open Monday to Friday 9–5, Saturday 10–2. Closed Sundays.')).toEqual([
      ...WEEKDAYS.map((day) => ({ day, opens: '09:00', closes: '17:00' })),
      { day: 'sat', opens: '10:00', closes: '14:00' },
      { day: 'sun', closed: true },
    ]);
    expect(hours('Tue–Thu: 12–2pm and 6–10pm')).toEqual(
      ['tue', 'wed', 'thu'].flatMap((day) => [
        { day, opens: '12:00', closes: '14:00' },
        { day, opens: '18:00', closes: '22:00' },
      ]),
    );
  });

  it('reads prose: open from a time on a range of days, and when the evening finishes', () => {
    const text = [
      'We are open Thursday to Saturday from 7pm. The bar opens at 6.30pm.',
      '## What are your opening hours?',
      'Our tasting evenings are on Wednesday nights only at 7pm, dinner usually finishes at 9.30pm.',
    ].join('\n');
    expect(hours(text)).toEqual([
      { day: 'wed', opens: '19:00', closes: '21:30' },
      { day: 'thu', opens: '19:00' },
      { day: 'fri', opens: '19:00' },
      { day: 'sat', opens: '19:00' },
    ]);
  });

  it("reads 'A.M.' and 'P.M.' as the end of a time, not of a sentence", () => {
    expect(hours('7:00 A.M. - 5:00 P.M. Monday through Friday')).toEqual(
      ['mon', 'tue', 'wed', 'thu', 'fri'].map((day) => ({ day, opens: '07:00', closes: '17:00' })),
    );
  });

  it('reads times printed before the days, weekends and every day', () => {
    expect(hours('9am–5pm, Monday to Wednesday')).toEqual(
      ['mon', 'tue', 'wed'].map((day) => ({ day, opens: '09:00', closes: '17:00' })),
    );
    expect(hours('Open weekends 10:00–16:00')).toEqual([
      { day: 'sat', opens: '10:00', closes: '16:00' },
      { day: 'sun', opens: '10:00', closes: '16:00' },
    ]);
    expect(hours('Open daily from 8am until midnight').map((h) => h.day)).toEqual([
      'mon',
      'tue',
      'wed',
      'thu',
      'fri',
      'sat',
      'sun',
    ]);
  });

  it('keeps a qualifier printed with a day, and holidays as notes', () => {
    const found = findHours(
      factLines(
        'Saturday: by appointment only\nWe are closed on Christmas Day and Boxing Day.\nMerry Christmas!',
      ),
    );
    expect(found.hours).toEqual([{ day: 'sat', note: 'by appointment only' }]);
    expect(found.notes).toEqual(['We are closed on Christmas Day and Boxing Day.']);
  });

  it('keeps a holiday question the document asks of itself with its answer, not the question alone', () => {
    const faq = 'Are you open on Christmas / Thanksgiving?\n\nYes - we are open every day of the year.';
    expect(findHours(factLines(faq)).notes).toEqual([
      'Are you open on Christmas / Thanksgiving? Yes - we are open every day of the year.',
    ]);
    expect(findHours(factLines('Open on Easter Monday? No, we close for the day.')).notes).toEqual([
      'Open on Easter Monday? No, we close for the day.',
    ]);
  });

  it('takes no deadline, event date or day without a time for opening hours', () => {
    const text = [
      'Please send forms by Friday at 5pm.',
      'Wine tasting: Wed 12 March at 7pm, open to all.',
      'Our vet sees cats on Mondays.',
      'Booked out for 1-2 months; the sun sets at 4pm in winter.',
    ].join('\n');
    expect(hours(text)).toEqual([]);
  });
});

describe('findHours: a range it cannot read', () => {
  it('does not take "xyz to Friday" for Friday alone', () => {
    expect(hours('We are open yadnoM to Friday, 9 AM to 5 PM.')).toEqual([]);
    expect(hours('We are open Monday to Friday, 9 AM to 5 PM.')).toHaveLength(5);
  });
});
