import type { Importer } from './importer';
import { anthropicMessagesImporter } from './anthropic-messages';
import { claudeCodeImporter } from './claude-code';
import { codexImporter } from './codex';
import { geminiCliImporter } from './gemini-cli';
import { geminiContentsImporter } from './gemini-contents';
import { inspectAiImporter } from './inspect-ai';
import { langchainImporter } from './langchain';
import { miniSweAgentImporter } from './mini-swe-agent';
import { openaiChatImporter } from './openai-chat';
import { openaiResponsesImporter } from './openai-responses';
import { openHandsImporter } from './openhands';
import { plainTextImporter } from './plain-text';
import { sweAgentImporter } from './swe-agent';

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
