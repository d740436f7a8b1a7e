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
  /** The insights page. */
  pageTitle: (botName: string) => `Insights: ${botName}`,
  backToDashboard: 'Back to your chatbots',
  loadFailed: (message: string) => `Failed to load insights: ${message}`,
  requestFailedStatus: (status: number) => `Request failed (${status})`,
  missedTitle: 'Missed questions',
  missedLead:
    'Questions your bot could not answer, or whose answer visitors rated down. Write the answer once and the bot uses it from then on.',
  missedEmpty: 'No missed questions. When your bot cannot answer something, it shows here.',
  askedTimes: (count: number, last: string) =>
    `Asked ${count} ${count === 1 ? 'time' : 'times'}, last on ${last}`,
  writeAnswer: 'Write the answer',
  dismiss: 'Dismiss',
  correctionsTitle: 'Your answers',
  correctionsLead:
    'Your bot gives these answers, word for word, to the question and to the same question in other words.',
  correctionsEmpty: 'No answers of your own yet.',
  addCorrection: 'Add an answer',
  questionLabel: 'Question',
  answerLabel: 'Answer',
  saveCorrection: 'Save answer',
  cancel: 'Cancel',
  edit: 'Edit',
  remove: 'Remove',
  conversationsTitle: 'Conversations',
  conversationsEmpty: 'No conversations yet. Share your bot, and what visitors ask shows here.',
  searchLabel: 'Search conversations',
  exportCsv: 'Export CSV',
  deleteConversation: 'Delete conversation',
  visitorLabel: (visitor: string) => `Visitor ${visitor}`,
  messageCount: (count: number) => `${count} ${count === 1 ? 'question' : 'questions'}`,
  declinedTag: 'Not answered',
  previousPage: 'Previous',
  nextPage: 'Next',
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  insightsLink: 'Insights',
  /** The bot card's line on the last 7 days. */
  weekNone: 'No conversations in the last 7 days',
  weekSummary: (conversations: number, messages: number, answeredPercent: number) =>
    `Last 7 days: ${conversations} ${conversations === 1 ? 'conversation' : 'conversations'} · ${messages} ${messages === 1 ? 'message' : 'messages'} · ${answeredPercent}% answered`,
  /** The source line of an answer the owner wrote. */
  ownerAnswerSource: "the business's own answer",
} as const;
