export {
  openAiCompatibleClient,
  completionsUrl,
  LlmError,
  LLM_DEFAULTS,
  type LlmClient,
  type LlmClientOptions,
  type LlmMessage,
  type LlmRequest,
  type LlmSettings,
} from './openai-compatible.js';
export { buildMessages, contextPassages, LLM_BUDGET, type PromptInput } from './prompt.js';
