import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { WIZARD_MSG } from '@vuxo/shared/messages';
import type { OcrReadout } from '@vuxo/shared/schemas';
import { StepDocument } from '../../src/features/wizard/components/step-document';

afterEach(cleanup);

const TEXT = 'Lasagna al forno $18\nTiramlsu $7';
const READOUT: OcrReadout = { pages: [1], text: TEXT, unsure: [[21, 29]] };

/** The step with the document as uploaded; saving records the text it was given and then shows it, as the wizard does. */
function show(ocr: OcrReadout | null, save: (text: string) => Promise<void> = async () => {}) {
  function Step() {
    const [readout, setReadout] = useState(ocr);
    return (
      <StepDocument
        document={{ name: 'menu.jpg', size: 200_000, pageCount: null, ocr: readout }}
        preview="Lasagna al forno $18 Tiramlsu $7"
        error={undefined}
        progress={null}
        onFile={() => {}}
        onRemove={() => {}}
        onSaveText={async (text) => {
          await save(text);
          setReadout((now) => now && { ...now, text, unsure: [] });
        }}
        maxBytes={5 * 1024 * 1024}
      />
    );
  }
  return render(<Step />);
}

describe('the uploaded document read by OCR', () => {
  it('shows the whole text with the note, and marks the words OCR was unsure of for eyes and ears', () => {
    show(READOUT);
    expect(screen.getByText(WIZARD_MSG.ocrNote)).toBeTruthy();
    const text = screen.getByRole('region', { name: WIZARD_MSG.ocrTextLabel });
    expect(text.textContent).toBe(`Lasagna al forno $18\nTiramlsu (${WIZARD_MSG.ocrUnsure}) $7`);
    const marked = document.querySelectorAll('mark');
    expect([...marked].map((mark) => mark.textContent)).toEqual(['Tiramlsu']);
  });

  it('lets the owner fix the text, saves it, and shows the fixed text without marks', async () => {
    const saved: string[] = [];
    show(READOUT, async (text) => {
      saved.push(text);
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: WIZARD_MSG.ocrEdit }));
    const box = screen.getByRole('textbox', { name: WIZARD_MSG.ocrTextLabel });
    expect((box as HTMLTextAreaElement).value).toBe(TEXT);
    await user.clear(box);
    await user.type(box, 'Lasagna al forno $18{enter}Tiramisu $7');
    await user.click(screen.getByRole('button', { name: WIZARD_MSG.ocrSave }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(WIZARD_MSG.ocrSaved));
    expect(saved).toEqual(['Lasagna al forno $18\nTiramisu $7']);
    expect(screen.getByRole('region', { name: WIZARD_MSG.ocrTextLabel }).textContent).toBe(
      'Lasagna al forno $18\nTiramisu $7',
    );
    expect(document.querySelectorAll('mark')).toHaveLength(0);
  });

  it('shows why a fix was refused and keeps the owner’s draft', async () => {
    show(READOUT, async () => {
      throw new Error(WIZARD_MSG.documentTextSaveFailed(WIZARD_MSG.documentTextEmpty));
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: WIZARD_MSG.ocrEdit }));
    const box = screen.getByRole('textbox', { name: WIZARD_MSG.ocrTextLabel });
    await user.clear(box);
    await user.click(screen.getByRole('button', { name: WIZARD_MSG.ocrSave }));
    expect((await screen.findByRole('alert')).textContent).toContain(WIZARD_MSG.documentTextEmpty);
    expect(screen.getByRole('textbox', { name: WIZARD_MSG.ocrTextLabel })).toBeTruthy();
  });

  it('shows neither for a document with its own text, only its opening words', () => {
    show(null);
    expect(screen.queryByText(WIZARD_MSG.ocrNote)).toBeNull();
    expect(screen.queryByRole('button', { name: WIZARD_MSG.ocrEdit })).toBeNull();
    expect(document.querySelectorAll('mark')).toHaveLength(0);
    expect(screen.getByText('“Lasagna al forno $18 Tiramlsu $7”')).toBeTruthy();
  });
});

describe('a scanned document being read', () => {
  it('shows the page being read on a progress bar, and cancels', async () => {
    let cancelled = 0;
    render(
      <StepDocument
        document={null}
        preview=""
        error={undefined}
        progress={null}
        reading={{ status: 'reading', fileName: 'menu.pdf', done: 2, total: 20 }}
        onCancelReading={() => (cancelled += 1)}
        onFile={() => {}}
        onRemove={() => {}}
        onSaveText={async () => {}}
        maxBytes={5 * 1024 * 1024}
      />,
    );
    const bar = screen.getByRole('progressbar', { name: WIZARD_MSG.readingLabel('menu.pdf') });
    expect(bar.getAttribute('aria-valuenow')).toBe('2');
    expect(bar.getAttribute('aria-valuemax')).toBe('20');
    expect(screen.getByText('Reading page 3 of 20…')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: WIZARD_MSG.readingCancel }));
    expect(cancelled).toBe(1);
  });
});
