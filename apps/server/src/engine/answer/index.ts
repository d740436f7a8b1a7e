export {
  answerEngine,
  searchWithHistory,
  type Answer,
  type AnswerBot,
  type AnswerEngine,
  type AnswerEngineDeps,
  type AnswerKind,
  type AnswerRequest,
  type ReplyProgress,
} from './answer-engine.js';
export { builtInAnswer } from './can-answer.js';
export { knowledgeCache, loadKnowledge, type BotKnowledge, type KnowledgeCache } from './bot-knowledge.js';
export { compose, decline, type Composed } from './compose.js';
export type { DeclineReason, DeclineRule } from './decline-reason.js';
export type { UnsureReason, UnsureRule } from './unsure-reason.js';
export { sourceLabel, sourceLine } from './source-line.js';
export { looksLikeFollowUp, mergeWithPrevious, resolveFollowUp, type ChatTurn } from './follow-up.js';
export { escapeMarkdownText, isSafeLinkAddress, sanitizeMarkdown, truncate } from './markdown-safety.js';
export { withoutBidiControls } from './bidi-controls.js';
export { detectSmallTalk, stripGreeting, type SmallTalk } from './small-talk.js';
export { TONES, toneWords, pick, type ToneWords } from './tone.js';
export {
  matchCorrection,
  prepareCorrection,
  questionSimilarity,
  SAME_QUESTION,
  type OwnerCorrection,
  type PreparedCorrection,
} from './corrections.js';
export { matchCorrectionTopic, SAME_TOPIC } from './correction-topic.js';
