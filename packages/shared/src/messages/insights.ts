import type { AskedFactType, MissedReason } from '../insights.js';

/** The kind of fact a question asked for, as an owner says it ("gives no price"). */
const FACT_TYPE_WORDS: Record<AskedFactType, string> = {
  money: 'price',
  time: 'time',
  number: 'number',
  amount: 'number',
  duration: 'length of time',
  name: 'name',
  phone: 'phone number',
  email: 'email address',
  link: 'link',
  version: 'version',
};

/** The words a rule turned on, quoted: '"amex"', '"amex" or "diners"'. */
const quoted = (words: readonly string[]) => words.map((word) => `"${word}"`).join(' or ');

function missedReasonText({ rule, words, answerType }: MissedReason): string {
  if (rule === 'low-confidence')
    return 'Your bot answered, but from a part of your document that matches this question only in part.';
  if (rule === 'missing-type')
    return `Your bot answered, but its answer gives no ${answerType ? FACT_TYPE_WORDS[answerType] : 'direct answer'}.`;
  if (rule === 'absent-word' && words.length > 0) return `Your document never mentions ${quoted(words)}.`;
  if (rule === 'focus-missing' && words.length > 0)
    return `Your document doesn’t say anything about ${quoted(words)} here.`;
  if (rule === 'answer-type' && answerType) {
    const fact = FACT_TYPE_WORDS[answerType];
    return `Your document talks about this but gives no ${fact}.`;
  }
  return 'Nothing in your document matched this question closely.';
}

/** Owner insights and visitors' feedback. Exact texts. */
export const INSIGHTS_MSG = {
  correctionQuestionRequired: 'Please enter the question',
  correctionAnswerRequired: 'Please enter the answer',
  correctionQuestionTooLong: (max: number) => `The question must be at most ${max} characters`,
  correctionAnswerTooLong: (max: number) => `The answer must be at most ${max} characters`,
  correctionNotFound: 'Correction not found',
  correctionsFull: (max: number) => `A bot can have at most ${max} corrections. Remove one to add another.`,
  conversationNotFound: 'Conversation not found',
  requestNotFound: 'Request not found',
  requestsTitle: 'Requests',
  requestsEmpty: 'No requests yet. Visitors can leave their email when the bot cannot answer.',
  requestsSearch: 'Search requests',
  requestsAll: 'All',
  requestStatus: { new: 'New', answered: 'Answered', closed: 'Closed' } as const,
  requestReply: 'Reply by email',
  markAnswered: 'Mark answered',
  closeRequest: 'Close',
  reopenRequest: 'Reopen',
  requestsOn: 'Visitors can leave their email',
  requestsNotify: 'Send notifications to',
  requestsSave: 'Save',
  requestConversation: 'Conversation before',
  missedQuestionNotFound: 'Question not found',
  searchTooLong: (max: number) => `Search text must be at most ${max} characters`,
  /** Feedback on an answer this visitor was not given (or that is no longer kept). */
  answerNotFound: 'Answer not found',
  alreadyRated: 'You have already rated this answer.',
  /** The insights page. */
  pageTitle: (botName: string) => `Insights: ${botName}`,
  backToDashboard: 'Back to your chatbots',
  /** The bot's page in sections (issue 45): the navigation's name and each section's link, by its #anchor. */
  sectionsLabel: 'Sections',
  sections: {
    review: 'To review',
    knowledge: 'Knowledge',
    requests: 'Requests',
    conversations: 'Conversations',
  },
  loadFailed: (message: string) => `Failed to load insights: ${message}`,
  requestFailedStatus: (status: number) => `Request failed (${status})`,
  missedTitle: 'Missed questions',
  missedLead:
    'Questions your bot could not answer or was unsure of, or whose answer visitors rated down. Write the answer once and the bot uses it from then on.',
  missedEmpty: 'No missed questions. When your bot cannot answer something, it shows here.',
  askedTimes: (count: number, last: string) =>
    `Asked ${count} ${count === 1 ? 'time' : 'times'}, last on ${last}`,
  /** Why the bot declined a missed question, or was unsure of its answer, in the owner's words (one line under it). */
  missedReason: (reason: MissedReason): string => missedReasonText(reason),
  writeAnswer: 'Write the answer',
  /** Over the bot's answer to a question on the list (an unsure or rated-down one): what visitors were told. */
  missedAnswerLabel: 'Your bot answered',
  /** The check-up: the bot's answers now to its suggested questions and everyday questions on its key facts. */
  checkUpTitle: 'Check-up',
  checkUpLead:
    'How your bot answers now: its suggested questions and everyday questions about your key facts. Fix any answer and the bot gives yours from then on.',
  checkUpNotReady: 'Your bot is not answering yet. Its answers show here once it is ready.',
  checkUpEmpty: 'Nothing to check yet: your bot has no suggested questions or key facts.',
  /** The check-up's verdict per answer, from the engine's confidence (issue 45): sure, unsure, declined, the owner's. */
  checkUpOutcome: {
    answered: 'Looks right',
    unsure: 'Check this',
    declined: 'Not answered',
    saved: 'Your answer',
  },
  fixAnswer: 'Fix this answer',
  dismiss: 'Dismiss',
  correctionsTitle: 'Your answers',
  correctionsLead:
    'Your bot gives these answers, word for word, to the question and to the same question in other words.',
  correctionsEmpty: 'No answers of your own yet.',
  /** Under a saved answer: how many visitors' questions it answered, and the newest of them. */
  correctionAnswered: (count: number) =>
    count === 0
      ? 'Not given to a visitor yet.'
      : `Given for ${count} visitor question${count === 1 ? '' : 's'}, lately:`,
  correctionAnsweredList: 'Visitor questions it answered',
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
  activityTitle: 'Activity',
  activityUpgrade:
    "Charts of your bot's activity come with the Basic plan: messages per day and the most asked topics.",
  seePlans: 'See plans',
  days30Title: 'Messages per day, last 30 days',
  months12Title: 'Messages per month, last 12 months',
  hoursTitle: 'Messages by hour of the day (UTC), last 30 days',
  topicsTitle: 'Most asked',
  modelUsageTitle: 'Language model usage, last 30 days',
  modelUsageLead:
    'Tokens the language model read and wrote for your bot, and how often the built-in engine answered because the model failed.',
  modelUsageColumns: ['Day', 'Answers', 'Prompt tokens', 'From cache', 'Reply tokens', 'Fallbacks'],
  topicsEmpty: 'No questions in the last 30 days.',
  answeredLegend: 'Answered',
  declinedLegend: 'Not answered',
  showTable: 'Show as a table',
  exportFigures: 'Export figures (CSV)',
  analyticsNeedsPlan: 'This needs the Pro plan.',
  /** The bot card's line on the last 7 days. */
  weekNone: 'No conversations in the last 7 days',
  weekSummary: (conversations: number, messages: number, answeredPercent: number) =>
    `Last 7 days: ${conversations} ${conversations === 1 ? 'conversation' : 'conversations'} · ${messages} ${messages === 1 ? 'message' : 'messages'} · ${answeredPercent}% answered`,
  /** The source line of an answer the owner wrote. */
  ownerAnswerSource: "the business's own answer",
} as const;
