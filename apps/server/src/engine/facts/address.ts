import { plain } from './lines.js';

/** The US states' codes, written 'SC' or 'S.C.'. */
const US_STATES = (
  'AK AL AR AZ CA CO CT DC DE FL GA HI IA ID IL IN KS KY LA MA MD ME MI MN MO MS MT NC ND NE NH NJ NM NV NY OH OK ' +
  'OR PA RI SC SD TN TX UT VA VT WA WI WV WY'
)
  .split(' ')
  .map((code) => `${code[0]}\\.?${code[1]}\\.?`)
  .join('|');
/**
 * UK postcodes, US state + ZIP, Canadian province + postal code: fixed-width parts, nothing retried. A ZIP is not
 * followed by more digits ('OR 07966 888 630' is a phone number).
 */
const POSTCODE = new RegExp(
  [
    String.raw`\b[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}\b`,
    String.raw`\b(?:${US_STATES})(?:, ?| )\d{5}(?:-\d{4})?(?![\d-]| \d)`,
    String.raw`\b(?:AB|BC|MB|N[BLSTU]|ON|PE|QC|SK|YT)(?:, ?| )[A-Z]\d[A-Z] ?\d[A-Z]\d\b`,
  ].join('|'),
);
/** A line that says where the business is ('Address: …', 'Find us at …', a 'Location' heading). */
const LABEL =
  /^(?:our )?(?:postal address|street address|address(?:es)?|find us|location|where to find us|where we are|visit us)\b ?(?:[:|–-]|at\b|on\b)?(.*)$/i;
/** A street number and a capitalised word ('742 Dulaney', '12a High'), where an address inside prose starts. */
const STREET_START = /(?<![\d.,])\b\d{1,5}[A-Za-z]? [A-Z]/g;
/** A sentence that gives the address ('We are located at 240 Queens Quay West, Suite 310, Toronto.'). */
const SAYS_WHERE =
  /\b(?:located at|find us at|based at|we are at|we're at|visit us at|our address is) (?=\d{1,5}[A-Za-z]? [A-Z])/i;
/** Street words of the common languages, after the name ('Chelsea Street') or before it ('Calle Mayor'). */
const STREET_AFTER =
  'Street|St|Road|Rd|Avenue|Ave|Lane|Ln|Drive|Dr|Way|Place|Pl|Boulevard|Blvd|Court|Ct|Crescent|Cres|Terrace|Tce|Parade|Square|Sq|Highway|Hwy|Close|Row|Quay|Parkway|Pkwy|Grove|Gardens|Hill|Mews|Walk|Trail|Circle|Pike|Alley|Loop|Wharf|Strasse|Straße';
const STREET_BEFORE =
  'Calle|C/|Avenida|Avda\\.?|Plaza|Paseo|Carrer|Carretera|Camino|Rue|Avenue|Boulevard|Chemin|Via|Viale|Piazza|Corso|Rua|Praça|Largo';
/** Street names of one word in German, Dutch and Nordic addresses ('Spielbudenplatz', 'Fehlerstr.'). */
const STREET_SUFFIX =
  'straße|strasse|str\\.|platz|weg|gasse|allee|damm|ring|ufer|markt|gracht|straat|laan|plein|vej|gade|gatan|vägen|veien';
/**
 * A street with its number, where no label or postcode says it is an address: '29 Chelsea Street', '12a Mill Lane',
 * 'Calle Teniente Trujillo, 3', 'C/ Mayor 5', 'Spielbudenplatz 21, 20359 Hamburg' (that kind only with its postcode
 * and town). The name is one to four capitalised words: each part has a bound.
 */
const STREET = new RegExp(
  [
    String.raw`(?<![\d.,])\b\d{1,5}[A-Za-z]?,? (?:\p{Lu}[\p{L}'’-]*\.? ){1,4}(?:${STREET_AFTER})\b\.?`,
    String.raw`(?:^|[\s(])(?:${STREET_BEFORE}) ?(?:(?:de|del|la|las|los|des|du|di|da|dos)? ?\p{Lu}[\p{L}'’-]*,? ){1,4}(?:n\.?º ?)?\d{1,5}[A-Za-z]?\b`,
    String.raw`\b\p{Lu}\p{Ll}+(?:${STREET_SUFFIX}) \d{1,4}[a-z]?, ?\d{4,5} \p{Lu}\p{Ll}+`,
  ].join('|'),
  'u',
);
const NUMBERED_NAME = new RegExp(STREET_START.source);
const STREET_WORD = new RegExp(`\\b(?:${STREET_AFTER})\\b`);
const TOWN_PARTS = /^(?:,\s?[\p{Lu}\d][\p{L}\d'’ -]{0,40}?(?=[,.;!?)]|$)){0,4}/u;
const PART_MAX_CHARS = 70;
const SENTENCE_ADDRESS_MAX_CHARS = 100;
const MAX_PARTS = 5;
/** The postcode's own line may hold the whole address: 'RSF Group - 9-11 Butts Green Road, Hornchurch, …'. */
const OWN_LINE_MAX_WORDS = 14;

/** The street address as printed, its lines joined by commas; null when the document gives none. */
export function findAddress(lines: string[]): string | null {
  const labelled = labelledAddress(lines);
  const coded = postcodeAddress(lines);
  // 'Visit us: 76 Washington St, Brighton.' and, further on, the same street with its ZIP: the fuller one.
  if (labelled && coded && !POSTCODE.test(labelled) && streetNumber(labelled) === streetNumber(coded))
    return coded;
  return labelled ?? coded ?? sentenceAddress(lines) ?? streetAddress(lines);
}

const streetNumber = (address: string) => /\b\d{1,5}[A-Za-z]?\b/.exec(address)?.[0] ?? null;

/**
 * The first street with its number, cut from its line to the end of the clause, with the town lines below it
 * when the street stands alone on its line ('29 Chelsea Street' / 'Miramar' / 'Wellington 6022').
 */
function streetAddress(lines: string[]): string | null {
  for (let i = 0; i < lines.length; i++) {
    const line = withoutContact(plain(lines[i]!));
    if (line.length > SENTENCE_ADDRESS_MAX_CHARS * 4) continue;
    const street = STREET.exec(line);
    if (!street) continue;
    const start = street.index + (/^[\s(]/.test(street[0]) ? 1 : 0);
    const end = street.index + street[0].length;
    // The parts after the street that start with a capital or a digit: ', 11660 Prado del Rey', ', Torino'.
    const towns = TOWN_PARTS.exec(line.slice(end, end + SENTENCE_ADDRESS_MAX_CHARS))?.[0] ?? '';
    const own = `${line.slice(start, end)}${towns}`.trim().replace(/[,.]$/, '');
    const parts = [own];
    if (start === 0 && own.length === line.replace(/[,.]$/, '').length) {
      for (let next = i + 1; next < lines.length && parts.length < 3; next++) {
        const town = withoutContact(plain(lines[next]!));
        if (!isPart(town) || !/^\p{Lu}/u.test(town) || town.split(/\s+/).length > 5) break;
        parts.push(town);
      }
    }
    return joined(parts);
  }
  return null;
}

/** A flyer's line without the email or phone printed beside the address: '34 Ravendale Road  call@clean.example'. */
const CONTACT_AT_END = /\s+(?:\S+@\S+|\+?\(?\d[\d ().-]{6,}\d)$/;
/** Tried on the line's last characters only: a pattern anchored at its end would be retried from every space. */
const CONTACT_TAIL_CHARS = 80;
function withoutContact(line: string): string {
  const from = Math.max(0, line.length - CONTACT_TAIL_CHARS);
  const found = CONTACT_AT_END.exec(line.slice(from));
  return found ? line.slice(0, from + found.index) : line;
}

function sentenceAddress(lines: string[]): string | null {
  for (const line of lines) {
    const says = SAYS_WHERE.exec(line);
    if (!says) continue;
    const rest = line.slice(
      says.index + says[0].length,
      says.index + says[0].length + SENTENCE_ADDRESS_MAX_CHARS,
    );
    const address = rest.split(/[.;!?](?:\s|$)/)[0]!.trim();
    if (address.length < SENTENCE_ADDRESS_MAX_CHARS) return address;
  }
  return null;
}

/** The next field of a contact block, which ends the address above it ('Phone +36 1 2673166'). */
const OTHER_FIELD = /^(?:phone|tel|telephone|mobile|fax|e-?mail|web|website|hours|opening)\b/i;
/** A house number after its street ('Ferenciek tere 2') and a postcode of four or five digits ('Budapest 1051'). */
const NUMBER_AFTER_STREET = /^\p{Lu}[\p{L}.'’-]*(?: [\p{L}.'’-]+){0,3} \d{1,4}[a-z]?$/u;
const isEuropean = (parts: string[]) =>
  parts.some((p) => NUMBER_AFTER_STREET.test(p)) && parts.some((p) => /(?<![\d-])\d{4,5}(?![\d-])/.test(p));

function labelledAddress(lines: string[]): string | null {
  for (let i = 0; i < lines.length; i++) {
    const label = LABEL.exec(plain(lines[i]!));
    if (!label) continue;
    const value = (label[1] ?? '').trim();
    let next = i + 1;
    if (!value) while (next < lines.length && next <= i + 2 && !lines[next]) next++;
    const parts = value ? [value] : [];
    if (value && !isPart(value) && !POSTCODE.test(value)) continue;
    for (; next < lines.length && parts.length < MAX_PARTS; next++) {
      if (parts.some((p) => POSTCODE.test(p))) break;
      const line = plain(lines[next]!);
      if (!isPart(line) || OTHER_FIELD.test(line)) break;
      parts.push(line);
    }
    if (parts.some((p) => POSTCODE.test(p)) || /^\d/.test(parts[0] ?? '') || isEuropean(parts))
      return joined(parts);
  }
  return null;
}

/**
 * The first block ending in a postcode that names a street: its own line from the street on, the lines above it (over
 * blank lines too, in a block spaced out line by line), and the postcode's column only in a table of two addresses
 * side by side ('Princes Road | Goldring House').
 */
function postcodeAddress(lines: string[]): string | null {
  for (let i = 0; i < lines.length; i++) {
    const row = plain(lines[i]!);
    const code = POSTCODE.exec(row);
    if (!code) continue;
    const cells = row.split('|').length;
    const cellOf = (line: string) => (cells > 1 ? cellAt(line, row, code.index, cells) : line);
    const line = cellOf(row)!;
    const at = line.search(POSTCODE);
    const from = Math.max(0, at - 80);
    const start = lastStreetStart(line.slice(from, at));
    // Words before the street number ('We are at 12 High St …') are the sentence, not the address.
    const prose = start !== null && /(?:^|\s)\p{Ll}/u.test(line.slice(0, from + start));
    const own = line.slice(prose ? from + start! : 0, at + POSTCODE.exec(line)![0].length);
    if (!isPart(own, OWN_LINE_MAX_WORDS)) continue;
    const parts = [own];
    let spaced = false;
    for (let back = i - 1; !prose && back >= 0 && parts.length < MAX_PARTS; back--) {
      let previous = cellOf(withoutContact(plain(lines[back]!)));
      // A blank line inside the block: only while no street is read yet, or before a name that ends in a comma.
      if (previous === '' && back > 0 && (!hasStreet(parts) || spaced)) {
        const above = cellOf(plain(lines[back - 1]!));
        if (!above || (hasStreet(parts) && !above.endsWith(','))) break;
        spaced = true;
        previous = above;
        back--;
      }
      if (!previous || !isPart(previous) || LABEL.test(previous)) break;
      parts.unshift(previous);
    }
    if (hasStreet(parts)) return joined(parts);
  }
  return null;
}

/** The cell of a table row in the same column as the postcode's in `row` (a row with other cells: none). */
function cellAt(line: string, row: string, at: number, cells: number): string | null {
  const split = line.split('|');
  if (split.length !== cells) return null;
  const column = row.slice(0, at).split('|').length - 1;
  return split[column]!.trim();
}

/** A street in the block: a number and a name ('12 High', '9-11 Butts') or a street word ('Mill Lane'). */
function hasStreet(parts: string[]): boolean {
  return parts.some(
    (part) => NUMBERED_NAME.test(part.replace(POSTCODE, '')) || STREET_WORD.test(part) || STREET.test(part),
  );
}

function lastStreetStart(text: string): number | null {
  let last: number | null = null;
  for (const match of text.matchAll(STREET_START)) last = match.index;
  return last;
}

/** A line of an address block: short, no sentence, no other field ('Phone: …'), no question or heading. */
function isPart(line: string, maxWords = 10): boolean {
  if (!line || line.length > PART_MAX_CHARS || /[?:@|]/.test(line) || /^\p{Ll}/u.test(line)) return false;
  if (hasSentenceEnd(line) || /[!]$/.test(line)) return false;
  return line.split(/\s+/).length <= maxWords && /\p{L}|\d/u.test(line);
}

/** A full stop inside the line after a word, not after an abbreviation ('S.C. 29631', 'Dulaney Valley Rd. Towson'). */
function hasSentenceEnd(line: string): boolean {
  for (const match of line.matchAll(/(\S{1,30})[.!]\s/g)) {
    const word = match[1]!;
    const abbreviation = /^(?:\p{L}\.)*\p{L}$/u.test(word) || /^\p{Lu}\p{Ll}{0,3}$/u.test(word);
    if (!abbreviation && !STREET_WORD.test(word)) return true;
  }
  return false;
}

function joined(parts: string[]): string {
  return parts
    .map((p) => p.trim().replace(/,$/, ''))
    .filter(Boolean)
    .join(', ');
}
