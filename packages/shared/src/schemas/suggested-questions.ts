import { z } from 'zod';
import { SUGGESTED_QUESTIONS_MSG as M } from '../messages/suggested-questions.js';
import { SUGGESTED_QUESTIONS_LIMITS as L, repeatedQuestion } from '../suggested-questions.js';
import { botIdSchema } from './dashboard.js';
import { hasControlCharacter } from '../control-characters.js';
import { singleLine } from './single-line.js';

/** One suggested question as the owner writes it: one line, trimmed, not empty, at most L.chars. */
export const suggestedQuestionSchema = singleLine(
  z
    .string({ error: M.questionRequired })
    .trim()
    .min(1, M.questionRequired)
    .max(L.chars, M.questionTooLong(L.chars)),
).refine((text) => !hasControlCharacter(text), M.questionInvalid);

/** The owner's list: at most L.count, no question twice (case and punctuation aside). */
export const suggestedQuestionListSchema = z
  .array(suggestedQuestionSchema)
  .max(L.count, M.tooMany(L.count))
  .superRefine((questions, ctx) => {
    const repeated = repeatedQuestion(questions);
    if (repeated !== null) ctx.addIssue({ code: 'custom', message: M.duplicate(repeated) });
  });

/** POST /api/save-suggested-questions: the questions visitors see, in order; the list is the owner's from then on. */
export const saveSuggestedQuestionsRequestSchema = z.object({
  botId: botIdSchema,
  questions: suggestedQuestionListSchema,
});
export type SaveSuggestedQuestionsRequest = z.input<typeof saveSuggestedQuestionsRequestSchema>;

/** GET /api/suggested-questions?botId=, and the reply of the save and of the reset. */
export const suggestedQuestionsResponseSchema = z.object({
  /** The questions visitors see, in order. */
  questions: z.array(z.string()),
  /** True when the list is the owner's: a rebuild keeps it; false while it follows the document. */
  edited: z.boolean(),
  /** What the latest build suggested from the document (only questions the engine answers sure). */
  fromDocument: z.array(z.string()),
});
export type SuggestedQuestionsResponse = z.infer<typeof suggestedQuestionsResponseSchema>;

/** POST /api/reset-suggested-questions: the list follows the document's build again. */
export const resetSuggestedQuestionsRequestSchema = z.object({ botId: botIdSchema });
