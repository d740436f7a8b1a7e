import sharp from 'sharp';
import { photographed, renderScan, type ScanLine } from '../../apps/server/test/fixtures/scan-fixtures.js';

/** Known text typed on generated pages; OCR's output is scored against it. */
const PROSE = [
  'Harbour Dental Clinic welcomes new patients of every age.',
  'Our team of four dentists and two hygienists has served',
  'the east end of the city since 1998. We are open Monday',
  'to Friday from 8am to 6pm and Saturday from 9am to 2pm.',
  'We are closed on Sundays and on statutory holidays.',
  'A first visit includes an exam, a cleaning and x-rays,',
  'and takes about ninety minutes. Please arrive ten minutes',
  'early with your health card and a list of medications.',
  'We accept most insurance plans and bill them directly.',
  'If you need to cancel, please call us at least one day',
  'ahead at 416-555-0198 so another patient can have the',
  'time. Parking is free behind the building on Elm Street.',
  'Emergency appointments are kept open every morning; call',
  'before 10am and we will see you the same day whenever we',
  'possibly can. Children under twelve see Dr. Patel, who',
  'specialises in gentle care for young and nervous patients.',
  'Whitening, crowns, bridges and implants are done on site.',
  'Ask our front desk about payment plans for larger work.',
];

/** The prose and the bakery's text wrapped to a newspaper column's width. */
const wrap = (text: string, width: number): string[] =>
  text.split(' ').reduce<string[]>((lines, word) => {
    const last = lines.at(-1);
    if (last !== undefined && last.length + word.length < width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
    return lines;
  }, []);

const BAKERY = [
  'The bakery opens at 7am',
  'every day except Monday.',
  'Bread is baked twice a',
  'day, at dawn and at noon,',
  'with flour from a mill in',
  'the valley two hours away.',
  'Sourdough takes two days',
  'from starter to loaf, so',
  'order large batches early.',
  'Cakes for birthdays and',
  'weddings need one week of',
  'notice and a deposit of',
  'twenty dollars per cake.',
  'Gluten free loaves come',
  'out on Tuesday and Friday',
  'mornings only, until sold.',
].join(' ');
const COLUMN_PROSE = wrap(`${PROSE.join(' ')} ${BAKERY}`, 30);

const PRICES: [string, string][] = [
  ['Margherita pizza', '$14'],
  ['Pepperoni pizza', '$16'],
  ['Quattro formaggi', '$17'],
  ['Lasagna al forno', '$18'],
  ['Spaghetti carbonara', '$15'],
  ['Penne arrabbiata', '$13'],
  ['Risotto ai funghi', '$19'],
  ['Chicken parmigiana', '$21'],
  ['Caesar salad', '$11'],
  ['Minestrone soup', '$8'],
  ['Garlic bread', '$6'],
  ['Tiramisu', '$7'],
  ['Panna cotta', '$7'],
  ['Espresso', '$3'],
  ['Cappuccino', '$4'],
];

export interface BenchPage {
  kind: string;
  image: Buffer;
  /** The words in reading order, as a person would read the page. */
  expected: string;
}

const words = (lines: readonly ScanLine[]) =>
  lines.map((line) => (typeof line === 'string' ? line : line.join(' '))).join('\n');

export async function benchPages(): Promise<BenchPage[]> {
  const clean = renderScan(PROSE);
  const priceLines: ScanLine[] = ['Luigi Trattoria - Menu', ...PRICES];
  return [
    { kind: 'clean 300 dpi (PNG)', image: clean, expected: words(PROSE) },
    { kind: 'phone-like photo (JPEG)', image: await photographed(clean), expected: words(PROSE) },
    { kind: 'photo tilted 7° (JPEG)', image: await photographed(clean, -7), expected: words(PROSE) },
    {
      kind: 'two-column page (PNG)',
      image: renderScan(COLUMN_PROSE, { columns: 2 }),
      expected: words(COLUMN_PROSE),
    },
    { kind: 'price list (PNG)', image: renderScan(priceLines), expected: words(priceLines) },
    {
      kind: 'price list photo (JPEG)',
      image: await photographed(renderScan(priceLines)),
      expected: words(priceLines),
    },
  ];
}

/** A page as a scanner's PDF holds it (for the per-page timing through the PDF path). */
export const asGreyPng = (image: Buffer) => sharp(image).greyscale().png().toBuffer();
