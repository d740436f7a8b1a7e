import { plain } from './lines.js';

/** UK postcodes, US state + ZIP, Canadian province + postal code: fixed-width parts, nothing retried. */
const POSTCODE = new RegExp(
  [
    String.raw`\b[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}\b`,
    String.raw`\b(?:A[KLRZ]|C[AOT]|D[CE]|FL|GA|HI|I[ADLN]|K[SY]|LA|M[ADEINOST]|N[CDEHJMVY]|O[HKR]|PA|RI|S[CD]|T[NX]|UT|V[AT]|W[AIVY])(?:, ?| )\d{5}(?:-\d{4})?\b`,
    String.raw`\b(?:AB|BC|MB|N[BLSTU]|ON|PE|QC|SK|YT)(?:, ?| )[A-Z]\d[A-Z] ?\d[A-Z]\d\b`,
  ].join('|'),
);
/** A line that says where the business is ('Address: …', 'Find us at …', a 'Location' heading). */
const LABEL =
  /^(?:our )?(?:postal address|street address|address|find us|location|where to find us|where we are|visit us)\b ?(?:[:|–-]|at\b|on\b)?(.*)$/i;
/** A street number and a capitalised word ('742 Dulaney', '12a High'), where an address inside prose starts. */
const STREET_START = /\b\d{1,5}[A-Za-z]? [A-Z]/g;
/** A sentence that gives the address ('We are located at 240 Queens Quay West, Suite 310, Toronto.'). */
const SAYS_WHERE =
  /\b(?:located at|find us at|based at|we are at|we're at|visit us at|our address is) (?=\d{1,5}[A-Za-z]? [A-Z])/i;
/** Street words of the common languages, after the name ('Chelsea Street') or before it ('Calle Mayor'). */
const STREET_AFTER =
  'Street|St|Road|Rd|Avenue|Ave|Lane|Ln|Drive|Dr|Way|Place|Pl|Boulevard|Blvd|Court|Ct|Crescent|Cres|Terrace|Tce|Parade|Square|Sq|Highway|Hwy|Close|Row|Quay|Parkway|Pkwy|Grove|Gardens|Hill|Mews|Walk|Strasse|Straße';
const STREET_BEFORE =
  'Calle|C/|Avenida|Avda\\.?|Plaza|Paseo|Carrer|Carretera|Camino|Rue|Avenue|Boulevard|Chemin|Via|Viale|Piazza|Corso|Rua|Praça|Largo';
/**
 * A street with its number, where no label or postcode says it is an address: '29 Chelsea Street', '12a Mill Lane',
 * 'Calle Teniente Trujillo, 3', 'C/ Mayor 5'. The name is one to four capitalised words: each part has a bound.
 */
const STREET = new RegExp(
  [
    String.raw`\b\d{1,5}[A-Za-z]?,? (?:\p{Lu}[\p{L}'’-]*\.? ){1,4}(?:${STREET_AFTER})\b\.?`,
    String.raw`(?:^|[\s(])(?:${STREET_BEFORE}) ?(?:(?:de|del|la|las|los|des|du|di|da|dos)? ?\p{Lu}[\p{L}'’-]*,? ){1,4}(?:n\.?º ?)?\d{1,5}[A-Za-z]?\b`,
  ].join('|'),
  'u',
);
const TOWN_PARTS = /^(?:,\s?[\p{Lu}\d][\p{L}\d'’ -]{0,40}?(?=[,.;!?)]|$)){0,4}/u;
const PART_MAX_CHARS = 70;
const SENTENCE_ADDRESS_MAX_CHARS = 100;
const MAX_PARTS = 5;

/** The street address as printed, its lines joined by commas; null when the document gives none. */
export function findAddress(lines: string[]): string | null {
  return labelledAddress(lines) ?? postcodeAddress(lines) ?? sentenceAddress(lines) ?? streetAddress(lines);
}

/**
 * The first street with its number, cut from its line to the end of the clause, with the town lines below it
 * when the street stands alone on its line ('29 Chelsea Street' / 'Miramar' / 'Wellington 6022').
 */
function streetAddress(lines: string[]): string | null {
  for (let i = 0; i < lines.length; i++) {
    const line = plain(lines[i]!);
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
        const town = plain(lines[next]!);
        if (!isPart(town) || !/^\p{Lu}/u.test(town) || town.split(/\s+/).length > 5) break;
        parts.push(town);
      }
    }
    return joined(parts);
  }
  return null;
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
      if (!isPart(line)) break;
      parts.push(line);
    }
    if (parts.some((p) => POSTCODE.test(p)) || /^\d/.test(parts[0] ?? '')) return joined(parts);
  }
  return null;
}

function postcodeAddress(lines: string[]): string | null {
  for (let i = 0; i < lines.length; i++) {
    const line = plain(lines[i]!);
    const code = POSTCODE.exec(line);
    if (!code) continue;
    const from = Math.max(0, code.index - 80);
    const start = lastStreetStart(line.slice(from, code.index));
    // Words before the street number ('We are at 12 High St …') are the sentence, not the address.
    const prose = start !== null && /(?:^|\s)\p{Ll}/u.test(line.slice(0, from + start));
    const own = line.slice(prose ? from + start! : 0, code.index + code[0].length);
    if (!isPart(own)) continue;
    const parts = [own];
    for (let back = i - 1; !prose && back >= 0 && parts.length < MAX_PARTS; back--) {
      const previous = plain(lines[back]!);
      if (!isPart(previous) || LABEL.test(previous)) break;
      parts.unshift(previous);
    }
    return joined(parts);
  }
  return null;
}

function lastStreetStart(text: string): number | null {
  let last: number | null = null;
  for (const match of text.matchAll(STREET_START)) last = match.index;
  return last;
}

/** A line of an address block: short, no sentence, no other field ('Phone: …'), no question or heading. */
function isPart(line: string): boolean {
  if (!line || line.length > PART_MAX_CHARS || /[?:@|]/.test(line)) return false;
  if (/[.!]\s/.test(line) || /[!]$/.test(line)) return false;
  return line.split(/\s+/).length <= 10 && /\p{L}|\d/u.test(line);
}

function joined(parts: string[]): string {
  return parts
    .map((p) => p.trim().replace(/,$/, ''))
    .filter(Boolean)
    .join(', ');
}
