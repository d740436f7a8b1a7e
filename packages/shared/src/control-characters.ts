/**
 * C0 controls (NUL, tab, CR, LF, …), DEL and the C1 controls: never part of a name or a phone number, and a
 * CR or LF in one could end a mail header early (issue 43, F3).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

export function hasControlCharacter(text: string): boolean {
  return CONTROL.test(text);
}
