export {
  openAiCompatibleClient,
  completeText,
  LlmError,
  LLM_DEFAULTS,
  type LlmClient,
  type LlmClientOptions,
  type LlmEvent,
  type LlmMessage,
  type LlmRequest,
  type LlmSettings,
  type LlmUsage,
} from './openai-compatible.js';
export { buildMessages, contextPassages, fence, LLM_BUDGET, type PromptInput } from './prompt.js';
