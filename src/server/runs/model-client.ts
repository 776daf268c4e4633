import OpenAI from 'openai';
import type { ModelConfig } from '../config.ts';

/** Why a run ended without its whole answer, as the team reads it (the run's `error`). */
export type RunFailure =
  | 'timeout'
  | 'unavailable'
  | 'refused'
  | 'garbage'
  | 'too-long'
  | 'stopped'
  | 'shutdown';

/** A run that ended without its whole answer; `status` is the provider's HTTP status when it gave one. */
export class ModelRunError extends Error {
  constructor(
    readonly failure: RunFailure,
    readonly status?: number,
  ) {
    super(`model run failed: ${failure}${status ? ` (${status})` : ''}`);
  }
}

/** The model's own count of a run's tokens, when it gave one. */
export type ModelUsage = { promptTokens: number; completionTokens: number } | undefined;

/** The most of an answer a run keeps, in characters: far above any answer within OPENAI_MAX_OUTPUT_TOKENS. */
export const ANSWER_MAX_CHARS = 200_000;

/**
 * The institute's model, through the official client of the OpenAI chat completions protocol (any
 * compatible endpoint: a hosted provider, an Azure deployment, vLLM, Ollama, LM Studio). One retry with the
 * client's backoff on a connection error, a timeout, 408, 409, 429 or 5xx; the client never logs (the key
 * never reaches a log line). What the client's own timeout does not bound (the parts of a streamed answer,
 * the whole run) is bounded here.
 */
export class ModelClient {
  private readonly client: OpenAI;

  constructor(private readonly config: ModelConfig) {
    this.client = new OpenAI({
      apiKey: config.apiKey,
      baseURL: config.baseURL,
      maxRetries: 1,
      timeout: config.timeoutMs,
      logLevel: 'off',
    });
  }

  get model(): string {
    return this.config.model;
  }

  /**
   * Sends the prompt and hands each part of the answer to `onDelta` as it is written; resolves with the
   * model's count of tokens when it gave one. Rejects with a ModelRunError: `stopped` when `signal` aborted
   * it, `timeout` when the provider went quiet for longer than the time limit or the run outlasted its own,
   * `too-long` when the answer reached what the run reserved for it (`countAnswer`, counted here as it
   * streams: a provider that ignores `max_tokens` is stopped all the same; the part that would pass the
   * bound is not handed on).
   */
  async run(
    prompt: string,
    signal: AbortSignal,
    onDelta: (text: string) => void,
    countAnswer: (text: string) => number = () => 0,
  ): Promise<ModelUsage> {
    const controller = new AbortController();
    let timedOut = false;
    const cut = () => {
      timedOut = true;
      controller.abort();
    };
    const stop = () => controller.abort();
    if (signal.aborted) throw new ModelRunError('stopped');
    signal.addEventListener('abort', stop, { once: true });
    const whole = setTimeout(cut, this.config.maxRunMs);
    let idle: NodeJS.Timeout | undefined;
    const quiet = () => {
      clearTimeout(idle);
      idle = setTimeout(cut, this.config.timeoutMs);
    };
    let written = 0;
    let counted = 0;
    const deliver = (text: string) => {
      if (!text) return;
      written += text.length;
      counted += countAnswer(text);
      if (written > ANSWER_MAX_CHARS || counted > this.config.maxOutputTokens) {
        throw new ModelRunError('too-long');
      }
      onDelta(text);
    };
    try {
      const body = {
        model: this.config.model,
        messages: [{ role: 'user' as const, content: prompt }],
        max_tokens: this.config.maxOutputTokens,
      };
      if (!this.config.stream) {
        const completion = await this.client.chat.completions.create(
          { ...body, stream: false },
          { signal: controller.signal },
        );
        const text = completion?.choices?.[0]?.message?.content;
        if (typeof text !== 'string') throw new ModelRunError('garbage');
        deliver(text);
        return usageOf(completion.usage);
      }
      const stream = await this.client.chat.completions.create(
        { ...body, stream: true, stream_options: { include_usage: true } },
        { signal: controller.signal },
      );
      let usage: ModelUsage;
      let chunks = 0;
      quiet();
      for await (const chunk of stream) {
        quiet();
        if (typeof chunk !== 'object' || chunk === null) throw new ModelRunError('garbage');
        chunks += 1;
        const delta = chunk.choices?.[0]?.delta?.content;
        if (delta !== undefined && delta !== null && typeof delta !== 'string')
          throw new ModelRunError('garbage');
        if (delta) deliver(delta);
        if (chunk.usage) usage = usageOf(chunk.usage);
      }
      // The client ends a stream it was told to abort as if it had finished: it did not.
      if (controller.signal.aborted) throw new Error('aborted');
      if (chunks === 0) throw new ModelRunError('garbage');
      return usage;
    } catch (error) {
      throw this.failureOf(error, signal, timedOut);
    } finally {
      clearTimeout(whole);
      clearTimeout(idle);
      signal.removeEventListener('abort', stop);
    }
  }

  private failureOf(error: unknown, signal: AbortSignal, timedOut: boolean): ModelRunError {
    if (error instanceof ModelRunError) return error;
    if (signal.aborted) return new ModelRunError(signal.reason === 'shutdown' ? 'shutdown' : 'stopped');
    if (timedOut || error instanceof OpenAI.APIConnectionTimeoutError) return new ModelRunError('timeout');
    if (error instanceof OpenAI.APIError && typeof error.status === 'number') {
      return new ModelRunError(error.status >= 500 ? 'unavailable' : 'refused', error.status);
    }
    if (error instanceof OpenAI.APIConnectionError) return new ModelRunError('unavailable');
    // What the client could not read: an answer that is not JSON, a stream cut in the middle.
    if (error instanceof SyntaxError || error instanceof OpenAI.OpenAIError)
      return new ModelRunError('garbage');
    return new ModelRunError('unavailable');
  }
}

function usageOf(
  usage: { prompt_tokens?: unknown; completion_tokens?: unknown } | null | undefined,
): ModelUsage {
  const prompt = usage?.prompt_tokens;
  const completion = usage?.completion_tokens;
  if (!Number.isSafeInteger(prompt) || !Number.isSafeInteger(completion)) return undefined;
  if ((prompt as number) < 0 || (completion as number) < 0) return undefined;
  return { promptTokens: prompt as number, completionTokens: completion as number };
}
