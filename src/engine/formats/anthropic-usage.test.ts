import { describe, expect, it } from 'vitest';
import { anthropicMessagesImporter } from './anthropic-messages/anthropic-messages';
import { anthropicUsage } from './anthropic-usage';
import { langchainImporter } from './langchain/langchain';
import { parseDocument } from './parse-document';

// An Anthropic response that wrote 1000 tokens to the cache, 600 of them for an hour.
const usage = { input_tokens: 5, cache_creation_input_tokens: 1000, cache_read_input_tokens: 2000, output_tokens: 40, cache_creation: { ephemeral_5m_input_tokens: 400, ephemeral_1h_input_tokens: 600 } };
const split = { inputTokens: 5, outputTokens: 40, cacheReadTokens: 2000, cacheWriteTokens: 1000, cacheWriteHourTokens: 600, contextTokens: 3005 };

describe('anthropicUsage, the one Anthropic usage reader', () => {
  it('splits the 1-hour part from the write, and keeps it only when it fits in the write', () => {
    expect(anthropicUsage(usage)).toEqual(split);
    expect(anthropicUsage({ ...usage, cache_creation: { ephemeral_1h_input_tokens: 1001 } })?.cacheWriteHourTokens).toBeUndefined();
  });

  it('is what the Messages API importer reads', () => {
    const text = JSON.stringify({ model: 'claude-sonnet-4-5', messages: [{ role: 'user', content: 'Hi' }, { role: 'assistant', content: [{ type: 'text', text: 'Hello' }], usage }] });
    const [transcript] = anthropicMessagesImporter.read(parseDocument(text), { fileName: 'input.json' }).transcripts;
    expect(transcript.messages[1].usage).toEqual(split);
  });

  it('is what LangChain reads from Anthropic response metadata, and its usage_metadata keeps the 1-hour part too', () => {
    const ai = (data: Record<string, unknown>) => ({ type: 'ai', data: { content: 'Hello', additional_kwargs: {}, type: 'ai', id: null, tool_calls: [], ...data } });
    const human = { type: 'human', data: { content: 'Hi', additional_kwargs: {}, response_metadata: {}, type: 'human', id: null } };
    const metadata = ai({ response_metadata: { usage, model: 'claude-sonnet-4-5' } });
    const inputTokenDetails = { cache_read: 2000, cache_creation: 1000, ephemeral_5m_input_tokens: 400, ephemeral_1h_input_tokens: 600 };
    const usageMetadata = ai({ response_metadata: {}, usage_metadata: { input_tokens: 3005, output_tokens: 40, total_tokens: 3045, input_token_details: inputTokenDetails } });
    const [transcript] = langchainImporter.read(parseDocument(JSON.stringify([human, metadata, human, usageMetadata])), { fileName: 'input.json' }).transcripts;
    expect(transcript.messages[1].usage).toEqual(split);
    expect(transcript.messages[3].usage).toMatchObject({ cacheWriteTokens: 1000, cacheWriteHourTokens: 600, contextTokens: 3005 });
  });
});
