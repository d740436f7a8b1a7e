/**
 * Unicode's explicit direction controls: the embeddings and overrides (U+202A–U+202E), the isolates
 * (U+2066–U+2069) and the marks (U+200E, U+200F, U+061C). From a document or a web page they can show a reply or
 * a source label reversed or reordered ("Pay at \u202Eknil siht\u202C" reads "Pay at this link"), so nothing a visitor
 * reads carries them. Text in either direction still shows as written: the browser orders it by its letters.
 */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** True for one of the controls above, by UTF-16 code. */
export function isBidiControl(code: number): boolean {
  return (
    code === 0x061c ||
    code === 0x200e ||
    code === 0x200f ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

/** The text without direction controls. */
export const withoutBidiControls = (text: string): string => text.replace(BIDI_CONTROLS, '');
