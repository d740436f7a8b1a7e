/**
 * Stands in for `@ungap/structured-clone` (the markdown renderer's copy of plain syntax-tree objects): every
 * browser the build targets has `structuredClone`, and the polyfill cost the widget a kilobyte and a half.
 */
export default function clone<T>(value: T): T {
  return structuredClone(value);
}
