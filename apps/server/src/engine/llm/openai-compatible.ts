import OpenAI from 'openai';

/**
 * Any OpenAI-compatible `/chat/completions` endpoint (OpenAI, Ollama, vLLM, llama.cpp) through the official SDK,
 * always streamed: the reply's text arrives piece by piece, then the server's token usage. The first text has a
 * deadline that covers one retry (after a 5xx or a dropped connection), so a call never hangs; after that, a
 * pause longer than the same deadline, the whole reply's time cap or its character cap ends the reply with an
 * LlmError: a reply that stops early never looks finished.
 */
export interface LlmMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface LlmRequest {
  messages: LlmMessage[];
  maxTokens: number;
  temperature: number;
  /** The reply stops (an LlmError 'too-long') past this many characters; the text before the cap is kept. */
  maxChars?: number;
  /** Cancels the call (the visitor stopped the reply or went away). */
  signal?: AbortSignal;
}

/** Tokens as the model's server counts them; `cachedTokens` of the prompt were served from its prefix cache. */
export interface LlmUsage {
  promptTokens: number;
  cachedTokens: number;
  completionTokens: number;
}

export type LlmEvent = { type: 'text'; text: string } | { type: 'usage'; usage: LlmUsage };

export interface LlmClient {
  /** The reply as the model writes it; throws LlmError on any failure, before or during the reply. */
  stream(request: LlmRequest): AsyncIterable<LlmEvent>;
  readonly describe: string;
}

export type LlmFailure = 'timeout' | 'too-long' | 'http' | 'network' | 'bad-response' | 'aborted';

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
  /** The deadline for the first text, retry included; also the longest pause allowed within a reply. */
  timeoutMs?: number;
  /** Retries after a 5xx or a network error (not after a timeout, a 429 or another 4xx). */
  retries?: number;
  /** A retry starts only with at least this much time left (1 s, or a quarter of a shorter deadline). */
  minRetryBudgetMs?: number;
  /** The whole reply's time, from the call's start: a model that trickles text is stopped here. */
  replyMs?: number;
}

export const LLM_DEFAULTS = {
  timeoutMs: 20_000,
  retries: 1,
  minRetryBudgetMs: 1_000,
  replyMs: 60_000,
} as const;

/** Reads a whole reply: its text (trimmed) and usage; a reply without text is a bad response. */
export async function completeText(
  client: LlmClient,
  request: LlmRequest,
): Promise<{ text: string; usage: LlmUsage | null }> {
  let text = '';
  let usage: LlmUsage | null = null;
  for await (const event of client.stream(request)) {
    if (event.type === 'text') text += event.text;
    else usage = event.usage;
  }
  return { text: text.trim(), usage };
}

type Chunk = OpenAI.Chat.Completions.ChatCompletionChunk;

function usageOf(chunk: Chunk): LlmUsage | null {
  if (!chunk.usage) return null;
  return {
    promptTokens: chunk.usage.prompt_tokens ?? 0,
    cachedTokens: chunk.usage.prompt_tokens_details?.cached_tokens ?? 0,
    completionTokens: chunk.usage.completion_tokens ?? 0,
  };
}

export function openAiCompatibleClient(settings: LlmSettings, options: LlmClientOptions = {}): LlmClient {
  const timeoutMs = options.timeoutMs ?? LLM_DEFAULTS.timeoutMs;
  const retries = options.retries ?? LLM_DEFAULTS.retries;
  const minRetryBudgetMs = options.minRetryBudgetMs ?? Math.min(LLM_DEFAULTS.minRetryBudgetMs, timeoutMs / 4);
  const replyMs = options.replyMs ?? LLM_DEFAULTS.replyMs;
  // The SDK's own retries and timeout are off: the deadline above decides, so a visitor never waits long.
  const sdk = new OpenAI({
    baseURL: settings.baseUrl,
    apiKey: settings.apiKey || 'none',
    maxRetries: 0,
    timeout: 10 * 60_000,
  });

  const tooSlow = () => new LlmError('timeout', `no answer within ${timeoutMs} ms`);

  /** One call: the stream of chunks once the server has answered with a success. */
  async function open(
    request: LlmRequest,
    deadline: number,
    stop: AbortController,
    halted: () => LlmError | null,
  ) {
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw tooSlow();
    const timer = setTimeout(() => stop.abort(), remaining);
    try {
      return await sdk.chat.completions.create(
        {
          model: settings.model,
          messages: request.messages,
          max_tokens: request.maxTokens,
          temperature: request.temperature,
          stream: true,
          stream_options: { include_usage: true },
        },
        { signal: stop.signal },
      );
    } catch (error) {
      throw failureOf(error, halted(), stop.signal);
    } finally {
      clearTimeout(timer);
    }
  }

  async function* stream(request: LlmRequest): AsyncGenerator<LlmEvent> {
    const started = Date.now();
    const deadline = started + timeoutMs;
    const maxChars = request.maxChars ?? Number.POSITIVE_INFINITY;
    for (let tries = 0; ; tries++) {
      const stop = new AbortController();
      /** Why this side stopped the call; the SDK ends an aborted stream quietly, so it is kept here. */
      let halted: LlmError | null = null;
      const halt = (why: LlmError) => {
        halted ??= why;
        stop.abort();
      };
      const onCancel = () => halt(new LlmError('aborted', 'the call was cancelled'));
      if (request.signal?.aborted) onCancel();
      request.signal?.addEventListener('abort', onCancel, { once: true });
      const cap = setTimeout(
        () => halt(new LlmError('timeout', `the reply took longer than ${replyMs} ms`)),
        Math.max(0, started + replyMs - Date.now()),
      );
      let wrote = false;
      try {
        const chunks = await open(request, deadline, stop, () => halted);
        // Until the first text, the call's deadline; after it, the longest pause allowed.
        let timer = setTimeout(() => halt(tooSlow()), Math.max(0, deadline - Date.now()));
        let chars = 0;
        try {
          for await (const chunk of chunks) {
            let text = chunk.choices[0]?.delta?.content;
            if (typeof text === 'string' && text !== '') {
              const over = chars + text.length > maxChars;
              if (over) text = text.slice(0, maxChars - chars);
              chars += text.length;
              // Spaces alone are not an answer yet: a reply of nothing else is a bad response, and may be retried.
              wrote ||= text.trim() !== '';
              clearTimeout(timer);
              timer = setTimeout(
                () => halt(new LlmError('timeout', `the reply paused longer than ${timeoutMs} ms`)),
                timeoutMs,
              );
              if (text !== '') yield { type: 'text', text };
              if (over) halt(new LlmError('too-long', `the reply passed ${maxChars} characters`));
            }
            if (halted) break;
            const usage = usageOf(chunk);
            if (usage) yield { type: 'usage', usage };
          }
        } catch (error) {
          throw failureOf(error, halted, stop.signal);
        } finally {
          clearTimeout(timer);
        }
        if (halted) throw halted;
        if (!wrote) throw new LlmError('bad-response', 'the model answered without text');
        return;
      } catch (error) {
        const failure = error instanceof LlmError ? error : failureOf(error, halted, stop.signal);
        const retryable =
          !wrote &&
          (failure.reason === 'network' || (failure.reason === 'http' && (failure.status ?? 0) >= 500));
        if (!retryable || tries >= retries || deadline - Date.now() < minRetryBudgetMs) throw failure;
      } finally {
        clearTimeout(cap);
        request.signal?.removeEventListener('abort', onCancel);
      }
    }
  }

  function failureOf(error: unknown, halted: LlmError | null, stop: AbortSignal): LlmError {
    if (error instanceof LlmError) return error;
    if (halted) return halted;
    if (stop.aborted) return tooSlow();
    if (error instanceof OpenAI.APIError && typeof error.status === 'number') {
      return new LlmError('http', `the model answered ${error.status}`, error.status);
    }
    if (error instanceof OpenAI.APIConnectionError) {
      return new LlmError('network', `could not reach the model: ${error.message}`);
    }
    if (error instanceof SyntaxError)
      return new LlmError('bad-response', 'the model did not answer with JSON');
    return new LlmError('network', `the model's reply broke off: ${(error as Error).message}`);
  }

  return { describe: `OpenAI-compatible model ${settings.model} at ${settings.baseUrl}`, stream };
}
