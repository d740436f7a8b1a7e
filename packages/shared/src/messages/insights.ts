/** Owner insights and visitors' feedback. Exact texts. */
export const INSIGHTS_MSG = {
  correctionQuestionRequired: 'Please enter the question',
  correctionAnswerRequired: 'Please enter the answer',
  correctionQuestionTooLong: (max: number) => `The question must be at most ${max} characters`,
  correctionAnswerTooLong: (max: number) => `The answer must be at most ${max} characters`,
  correctionNotFound: 'Correction not found',
  correctionsFull: (max: number) => `A bot can have at most ${max} corrections. Remove one to add another.`,
  conversationNotFound: 'Conversation not found',
  missedQuestionNotFound: 'Question not found',
  searchTooLong: (max: number) => `Search text must be at most ${max} characters`,
  /** Feedback on an answer this visitor was not given (or that is no longer kept). */
  answerNotFound: 'Answer not found',
  alreadyRated: 'You have already rated this answer.',
  /** The source line of an answer the owner wrote. */
  ownerAnswerSource: "the business's own answer",
} as const;
