import { modelToEncodingMap } from 'gpt-tokenizer/mapping';

/**
 * Counting a run's tokens before the provider does, so what a run reserves is a count and not a guess
 * (docs/decisions/056-runs-an-institute-can-trust-with-its-bill.md). A model whose tokenizer is known is
 * counted with it (gpt-tokenizer, offline: its tables ship in the package); any other model is counted as one
 * token per byte of UTF-8, a bound no byte-level tokenizer goes over.
 */
export type TokenCounter = {
  /** Tokens of `text`: the model's own count, or a bound above it. */
  count(text: string): number;
  /** The tokenizer counted with ('bytes': a bound, for a model not known). */
  readonly encoding: 'o200k_base' | 'cl100k_base' | 'bytes';
};

/** What the chat format adds around one user message (its role and separators): a few tokens, bounded above. */
export const MESSAGE_OVERHEAD_TOKENS = 16;

/** OpenAI's models newer than the package's own table use the same tokenizer as gpt-4o. */
const O200K_MODELS = /^(?:chatgpt-4o|gpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|o1|o3|o4)(?:$|[-.:])/;

function encodingOf(model: string): TokenCounter['encoding'] {
  const known = (modelToEncodingMap as Record<string, string | undefined>)[model];
  if (known === 'cl100k_base' || known === 'o200k_base') return known;
  if (known === undefined && O200K_MODELS.test(model)) return 'o200k_base';
  return 'bytes';
}

export const countBytes = (text: string): number => Buffer.byteLength(text, 'utf8');

/** The counter for `model`: its tables are loaded once, the first time it is asked for. */
export async function tokenCounter(model: string): Promise<TokenCounter> {
  const encoding = encodingOf(model);
  switch (encoding) {
    case 'o200k_base': {
      const { countTokens } = await import('gpt-tokenizer/encoding/o200k_base');
      return { encoding, count: (text) => countTokens(text) };
    }
    case 'cl100k_base': {
      const { countTokens } = await import('gpt-tokenizer/encoding/cl100k_base');
      return { encoding, count: (text) => countTokens(text) };
    }
    case 'bytes':
      return { encoding, count: countBytes };
  }
}
