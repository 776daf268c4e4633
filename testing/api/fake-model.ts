import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ModelConfig } from '../../src/server/config.ts';

/** What the fake model heard: one chat completions request. */
export type HeardRequest = { authorization: string | undefined; body: Record<string, unknown> };

/** How the fake model answers the next requests (each request takes the first, the last one stays). */
export type Behaviour =
  /** The answer in parts, as a stream of Server-Sent Events, then its count of tokens and `[DONE]`. */
  | { kind: 'stream'; parts: string[]; usage?: { prompt_tokens: number; completion_tokens: number } }
  /** The whole answer in one JSON body (a request that asked for no stream). */
  | { kind: 'whole'; text: string; usage?: { prompt_tokens: number; completion_tokens: number } }
  /** An HTTP error with the protocol's error body. */
  | { kind: 'error'; status: number; message: string }
  /** A status line and then nothing: the provider never answers (until the test ends). */
  | { kind: 'silent' }
  /** Some parts, then the connection is cut. */
  | { kind: 'drop'; parts: string[] }
  /** Some parts, then silence (a provider that stalls in the middle of an answer). */
  | { kind: 'stall'; parts: string[] }
  /** Some parts, then waits until `release()` before finishing the stream. */
  | { kind: 'held'; parts: string[]; rest: string[] }
  /** A 200 whose body is not the protocol at all. */
  | { kind: 'garbage'; body: string; contentType: string };

/**
 * A small OpenAI-compatible chat completions server on loopback, for the tests of running prompts: no
 * internet, every behaviour of a provider on demand (streamed and whole answers, errors, slowness, a dropped
 * connection, garbage).
 */
export class FakeModel {
  readonly heard: HeardRequest[] = [];
  private behaviours: Behaviour[] = [{ kind: 'stream', parts: ['Hello', ' from', ' the model.'] }];
  private readonly open = new Set<ServerResponse>();
  private releases: (() => void)[] = [];
  private waiting: ((n: number) => boolean)[] = [];
  private constructor(private readonly server: Server) {}

  static async start(): Promise<FakeModel> {
    const server = createServer();
    const fake = new FakeModel(server);
    server.on('request', (req, res) => void fake.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  /** Model settings that point at this server, with quick time limits (`overrides` win). */
  config(overrides: Partial<ModelConfig> = {}): ModelConfig {
    return {
      baseURL: this.url,
      apiKey: 'sk-test-SECRET-key-0123456789',
      model: 'fake-model-1',
      pricing: { inputPer1k: 0.5, outputPer1k: 1.5, currency: 'EUR' },
      maxOutputTokens: 500,
      timeoutMs: 2000,
      maxRunMs: 20_000,
      runsInFlight: 8,
      runsPerTeam: 1,
      stream: true,
      ...overrides,
    };
  }

  /** The next requests' behaviours, in order; the last one answers every request after. */
  will(...behaviours: Behaviour[]): void {
    this.behaviours = behaviours;
  }

  /** Finishes every `held` answer. */
  release(): void {
    for (const release of this.releases.splice(0)) release();
  }

  /** Resolves once `n` requests have arrived in all. */
  heardAtLeast(n: number): Promise<void> {
    if (this.heard.length >= n) return Promise.resolve();
    return new Promise((resolve) => {
      this.waiting.push((count) => {
        if (count < n) return false;
        resolve();
        return true;
      });
    });
  }

  async close(): Promise<void> {
    this.release();
    for (const res of this.open) res.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.open.add(res);
    res.on('close', () => this.open.delete(res));
    let text = '';
    for await (const chunk of req) text += chunk;
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(text);
    } catch {}
    this.heard.push({ authorization: req.headers.authorization, body });
    this.waiting = this.waiting.filter((wake) => !wake(this.heard.length));
    const behaviour = this.behaviours.length > 1 ? this.behaviours.shift()! : this.behaviours[0]!;
    const chunk = (content: string) =>
      `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: body.model, choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;
    const streamHead = () =>
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    switch (behaviour.kind) {
      case 'stream': {
        streamHead();
        for (const part of behaviour.parts) res.write(chunk(part));
        if (behaviour.usage) {
          res.write(
            `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: body.model, choices: [], usage: { ...behaviour.usage, total_tokens: behaviour.usage.prompt_tokens + behaviour.usage.completion_tokens } })}\n\n`,
          );
        }
        res.end('data: [DONE]\n\n');
        return;
      }
      case 'whole':
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 'c1',
            object: 'chat.completion',
            created: 1,
            model: body.model,
            choices: [
              { index: 0, message: { role: 'assistant', content: behaviour.text }, finish_reason: 'stop' },
            ],
            ...(behaviour.usage
              ? {
                  usage: {
                    ...behaviour.usage,
                    total_tokens: behaviour.usage.prompt_tokens + behaviour.usage.completion_tokens,
                  },
                }
              : {}),
          }),
        );
        return;
      case 'error':
        res.writeHead(behaviour.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: behaviour.message, type: 'error', code: null } }));
        return;
      case 'silent':
        return;
      case 'drop':
        streamHead();
        // Once the parts are on their way, the connection ends without the stream's end: cut off.
        res.write(behaviour.parts.map(chunk).join(''), () => res.socket?.end());
        return;
      case 'stall':
        streamHead();
        for (const part of behaviour.parts) res.write(chunk(part));
        return;
      case 'held':
        streamHead();
        for (const part of behaviour.parts) res.write(chunk(part));
        this.releases.push(() => {
          if (res.destroyed) return;
          for (const part of behaviour.rest) res.write(chunk(part));
          res.end('data: [DONE]\n\n');
        });
        return;
      case 'garbage':
        res.writeHead(200, { 'content-type': behaviour.contentType });
        res.end(behaviour.body);
        return;
    }
  }
}
