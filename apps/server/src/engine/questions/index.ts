export { suggestQuestions, MAX_QUESTION_LENGTH, DEFAULT_QUESTION_COUNT } from './suggest-questions.js';
export type { SuggestOptions } from './suggest-questions.js';
