import type { z } from 'zod';
import { SINGLE_LINE_MSG, isSingleLine } from '../single-line.js';

/** A text field that must stay on one line (checked after any trim, so a trailing newline is simply dropped). */
export const singleLine = <T extends z.ZodType<string>>(schema: T) =>
  schema.refine(isSingleLine, SINGLE_LINE_MSG);
