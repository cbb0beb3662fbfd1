import type { Importer } from './importer';
import { anthropicMessagesImporter } from './anthropic-messages/anthropic-messages';
import { claudeCodeImporter } from './claude-code/claude-code';
import { codexImporter } from './codex/codex';
import { geminiCliImporter } from './gemini-cli/gemini-cli';
import { geminiContentsImporter } from './gemini-contents/gemini-contents';
import { inspectAiImporter } from './inspect-ai/inspect-ai';
import { langchainImporter } from './langchain/langchain';
import { miniSweAgentImporter } from './mini-swe-agent/mini-swe-agent';
import { openaiChatImporter } from './openai-chat/openai-chat';
import { openaiResponsesImporter } from './openai-responses/openai-responses';
import { openHandsImporter } from './openhands/openhands';
import { plainTextImporter } from './plain-text/plain-text';
import { sweAgentImporter } from './swe-agent/swe-agent';

/**
 * Every importer in detection order: cheapest and most specific signal first (spec §3.12), so a generic shape
 * (OpenAI chat messages) never steals a file that a specific format (SWE-agent, Gemini CLI) would claim.
 * Plain text comes last: it accepts any non-JSON text.
 */
export const importers: readonly Importer[] = [
  codexImporter,
  claudeCodeImporter,
  miniSweAgentImporter,
  sweAgentImporter,
  inspectAiImporter,
  openHandsImporter,
  geminiCliImporter,
  langchainImporter,
  geminiContentsImporter,
  anthropicMessagesImporter,
  openaiResponsesImporter,
  openaiChatImporter,
  plainTextImporter,
];
