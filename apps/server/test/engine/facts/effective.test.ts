import { editsBetween, effectiveKeyFacts, NO_KEY_FACTS } from '../../../src/engine/facts/effective.js';
import type { KeyFacts } from '../../../src/engine/facts/index.js';

const extracted: KeyFacts = {
  ...NO_KEY_FACTS,
  phones: [{ number: '01949 728288', label: 'Reception' }],
  emails: ['info@olive.example'],
  address: '12 High Street, Bingham NG13 8AB',
  hours: [{ day: 'mon', opens: '09:00', closes: '17:00' }],
  prices: [{ item: "Women's cut", price: '$45' }],
};

describe('the effective key facts', () => {
  it("are the document's when the owner changed nothing, and null when there are neither", () => {
    expect(effectiveKeyFacts(extracted, null)).toBe(extracted);
    expect(effectiveKeyFacts(extracted, {})).toBe(extracted);
    expect(effectiveKeyFacts(null, undefined)).toBeNull();
  });

  it("take each kind the owner edited whole, an emptied kind included, and the document's for the rest", () => {
    const facts = effectiveKeyFacts(extracted, { phones: [{ number: '01949 000111' }], prices: [] });
    expect(facts).toEqual({ ...extracted, phones: [{ number: '01949 000111' }], prices: [] });
    // The document's facts are left as they were.
    expect(extracted.phones).toEqual([{ number: '01949 728288', label: 'Reception' }]);
  });

  it('are the owner’s alone when the index holds no facts (built before they were kept)', () => {
    expect(effectiveKeyFacts(null, { address: '1 Quay Road' })).toEqual({
      ...NO_KEY_FACTS,
      address: '1 Quay Road',
    });
  });

  it('keep as edits only the kinds that differ from the document, whatever the key order or absent fields', () => {
    const wanted: KeyFacts = {
      ...extracted,
      phones: [{ label: 'Reception', number: '01949 728288' }],
      hours: [{ closes: '17:00', opens: '09:00', day: 'mon', note: undefined }],
      emails: [],
      address: '14 High Street, Bingham NG13 8AB',
    };
    expect(editsBetween(extracted, wanted)).toEqual({
      emails: [],
      address: '14 High Street, Bingham NG13 8AB',
    });
    expect(editsBetween(extracted, extracted)).toEqual({});
    expect(editsBetween(null, { ...NO_KEY_FACTS, websites: ['olive.example'] })).toEqual({
      websites: ['olive.example'],
    });
  });

  it('survive a rebuild: a refreshed extraction changes only the kinds the owner did not edit', () => {
    const edits = editsBetween(extracted, { ...extracted, phones: [{ number: '01949 000111' }] });
    const rebuilt: KeyFacts = {
      ...extracted,
      phones: [{ number: '0800 123456' }],
      emails: ['hello@olive.example'],
    };
    expect(effectiveKeyFacts(rebuilt, edits)).toEqual({
      ...rebuilt,
      phones: [{ number: '01949 000111' }],
      emails: ['hello@olive.example'],
    });
  });
});
