/**
 * A small client for any OpenAI-compatible `/chat/completions` endpoint (OpenAI, Ollama, vLLM, llama.cpp):
 * one POST, no streaming. Every call has a deadline that covers its retry, so it never hangs; a 5xx or a
 * dropped connection is retried once when time remains.
 */
export interface LlmMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface LlmRequest {
  messages: LlmMessage[];
  maxTokens: number;
  temperature: number;
  /** Cancels the call (e.g. the visitor went away). */
  signal?: AbortSignal;
}

export interface LlmClient {
  /** The model's reply text; throws LlmError on any failure. */
  complete(request: LlmRequest): Promise<string>;
  readonly describe: string;
}

export type LlmFailure = 'timeout' | 'http' | 'network' | 'bad-response' | 'aborted';

export class LlmError extends Error {
  override name = 'LlmError';
  constructor(
    readonly reason: LlmFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface LlmSettings {
  baseUrl: string;
  apiKey: string;
  model: string;
}

export interface LlmClientOptions {
  /** The whole call's deadline, retry included. */
  timeoutMs?: number;
  /** Retries after a 5xx or a network error (not after a timeout or a 4xx). */
  retries?: number;
  /** A retry starts only with at least this much time left (1 s, or a quarter of a shorter deadline). */
  minRetryBudgetMs?: number;
  fetch?: typeof fetch;
}

export const LLM_DEFAULTS = { timeoutMs: 20_000, retries: 1, minRetryBudgetMs: 1_000 } as const;

/** `https://api.openai.com/v1` → `https://api.openai.com/v1/chat/completions` (a full path is kept). */
export function completionsUrl(baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return base.endsWith('/chat/completions') ? base : `${base}/chat/completions`;
}

interface CompletionBody {
  choices?: { message?: { content?: unknown } }[];
}

export function openAiCompatibleClient(settings: LlmSettings, options: LlmClientOptions = {}): LlmClient {
  const timeoutMs = options.timeoutMs ?? LLM_DEFAULTS.timeoutMs;
  const retries = options.retries ?? LLM_DEFAULTS.retries;
  const minRetryBudgetMs = options.minRetryBudgetMs ?? Math.min(LLM_DEFAULTS.minRetryBudgetMs, timeoutMs / 4);
  const doFetch = options.fetch ?? fetch;
  const url = completionsUrl(settings.baseUrl);
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (settings.apiKey) headers.authorization = `Bearer ${settings.apiKey}`;

  async function attempt(request: LlmRequest, deadline: number): Promise<string> {
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw new LlmError('timeout', `no answer within ${timeoutMs} ms`);
    const timer = AbortSignal.timeout(remaining);
    const signal = request.signal ? AbortSignal.any([timer, request.signal]) : timer;
    let response: Response;
    let text: string;
    try {
      response = await doFetch(url, {
        method: 'POST',
        headers,
        signal,
        body: JSON.stringify({
          model: settings.model,
          messages: request.messages,
          max_tokens: request.maxTokens,
          temperature: request.temperature,
          stream: false,
        }),
      });
      text = await response.text();
    } catch (error) {
      if (request.signal?.aborted) throw new LlmError('aborted', 'the call was cancelled');
      if (timer.aborted) throw new LlmError('timeout', `no answer within ${timeoutMs} ms`);
      throw new LlmError('network', `could not reach the model: ${(error as Error).message}`);
    }
    if (!response.ok) {
      throw new LlmError('http', `the model answered ${response.status}`, response.status);
    }
    let body: CompletionBody;
    try {
      body = JSON.parse(text) as CompletionBody;
    } catch {
      throw new LlmError('bad-response', 'the model did not answer with JSON');
    }
    const content = body.choices?.[0]?.message?.content;
    if (typeof content !== 'string' || content.trim() === '') {
      throw new LlmError('bad-response', 'the model answered without text');
    }
    return content.trim();
  }

  return {
    describe: `OpenAI-compatible model ${settings.model} at ${settings.baseUrl}`,
    async complete(request) {
      const deadline = Date.now() + timeoutMs;
      for (let tries = 0; ; tries++) {
        try {
          return await attempt(request, deadline);
        } catch (error) {
          const retryable =
            error instanceof LlmError &&
            (error.reason === 'network' || (error.reason === 'http' && (error.status ?? 0) >= 500));
          if (!retryable || tries >= retries || deadline - Date.now() < minRetryBudgetMs) throw error;
        }
      }
    },
  };
}
