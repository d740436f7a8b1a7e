import { PDFDocument, StandardFonts } from 'pdf-lib';

const TOPICS = [
  'Opening hours',
  'Prices and fees',
  'Booking',
  'Cancellations',
  'Parking',
  'Insurance',
  'Staff',
  'Services',
];

/** A 100-page business handbook: a heading and about 40 lines of prose per page. */
export async function hundredPagePdf(pages = 100): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  for (let p = 1; p <= pages; p++) {
    const page = doc.addPage([595, 842]);
    const topic = TOPICS[p % TOPICS.length]!;
    page.drawText(`${p}. ${topic} at location ${p}`, { x: 50, y: 790, size: 18, font: bold });
    let y = 760;
    for (let line = 0; line < 40; line++, y -= 17) {
      const text = `Clinic ${p} offers ${topic.toLowerCase()} detail ${line}: visits cost $${((p * 3 + line) % 90) + 20} and run from ${(line % 5) + 8}am to ${(line % 4) + 4}pm.`;
      page.drawText(text, { x: 50, y, size: 10, font });
    }
  }
  return doc.save();
}
