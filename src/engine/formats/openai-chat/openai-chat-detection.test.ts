import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { anthropicMessagesImporter } from '../anthropic-messages/anthropic-messages';
import { geminiCliImporter } from '../gemini-cli/gemini-cli';
import { geminiContentsImporter } from '../gemini-contents/gemini-contents';
import type { Importer } from '../importer';
import { langchainImporter } from '../langchain/langchain';
import { openaiChatImporter } from './openai-chat';
import { openaiResponsesImporter } from '../openai-responses/openai-responses';
import { parseDocument } from '../parse-document';
import { plainTextImporter } from '../plain-text/plain-text';

/** The provider-shaped importers in spec §3.12 order (steps 7–11, 13), Gemini CLI beside Gemini contents. */
const ordered: Importer[] = [
  langchainImporter, geminiCliImporter, geminiContentsImporter, anthropicMessagesImporter, openaiResponsesImporter, openaiChatImporter, plainTextImporter,
];
const directory = new URL('../../../../e2e/fixtures/transcripts/', import.meta.url);
const handWritten = new URL('hand-written/', directory);

/** Which of these importers claim a file: a file of another format must be claimed by none of them. */
function claimants(url: URL): string[] {
  const parsed = parseDocument(readFileSync(url, 'utf8'));
  return ordered.filter((importer) => importer.detect(parsed)).map((importer) => importer.id);
}

describe('detection across the provider-shaped formats', () => {
  it.each([
    ['openai-chat__weather-agent.json', 'openai-chat'],
    ['openai-chat__finetune-runs.jsonl', 'openai-chat'],
    ['openai-responses__patch-session.json', 'openai-responses'],
    ['anthropic__refactor-session.json', 'anthropic-messages'],
    ['gemini-contents__repo-audit.json', 'gemini-contents'],
    ['langchain__messages-to-dict.json', 'langchain'],
    ['langchain__langsmith-run.json', 'langchain'],
    ['plain-text__support-chat.txt', 'plain-text'],
    ['plain-text__markdown-export.md', 'plain-text'],
  ])('%s is claimed by %s alone', (name, id) => {
    expect(claimants(new URL(name, handWritten))).toEqual([id]);
  });

  it('leaves every real fixture of the other helpers’ formats alone, and claims the Gemini CLI recording', () => {
    const real = readdirSync(directory).filter((name) => name.includes('__'));
    expect(real.length).toBeGreaterThanOrEqual(8);
    for (const name of real) {
      const prefix = name.split('__')[0];
      const expected = ordered.some((importer) => importer.id === prefix) ? [prefix] : [];
      expect([name, claimants(new URL(name, directory))]).toEqual([name, expected]);
    }
  });
});
