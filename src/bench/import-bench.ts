import { importText, messageText } from '../engine';
import type { Message } from '../engine/transcript';
import { generateAgentCorpus } from './agent-corpus';
import { runHostileImportBench } from './import-hostile-bench';
import { logs, sentence } from './corpus-text';
import { SeededRandom } from './seeded-random';
import { formatMs, formatTable, print, timeSync } from './timing';

/** The size each rendering is grown to: the yardstick is 10 MB of plain text in at most a second. */
const targetBytes = 10 * 1_048_576;
const timedRuns = 3;
const speakerLabels: Record<Message['role'], string> = { system: 'System', user: 'User', assistant: 'Assistant', tool: 'Tool' };

/** The conversation as a pasted plain-text chat: a speaker label per turn, tool output (code, JSON, logs) verbatim. */
function renderPlainText(messages: readonly Message[]): string {
  return messages.map((message) => `${speakerLabels[message.role]}:\n${messageText(message)}`).join('\n\n');
}

/** The same turns as Claude Code session JSONL lines: one uuid-chained line per message, text content. */
function claudeCodeLines(messages: readonly Message[], firstIndex: number): string[] {
  return messages.map((message, offset) => {
    const index = firstIndex + offset;
    return JSON.stringify({
      type: message.role === 'assistant' ? 'assistant' : 'user',
      sessionId: 'bench',
      uuid: `line-${index}`,
      parentUuid: index === 0 ? null : `line-${index - 1}`,
      isSidechain: false,
      timestamp: '2026-02-23T00:00:00.000Z',
      message: message.role === 'assistant'
        ? { id: `msg_${index}`, role: 'assistant', model: 'bench', content: [{ type: 'text', text: messageText(message) }] }
        : { role: 'user', content: messageText(message) },
    });
  });
}

/** The corpus as one Claude Code session grown to the target size, every line with its own uuid. */
function renderClaudeCodeJsonl(messages: readonly Message[]): string {
  const lines: string[] = [];
  let length = 0;
  while (length < targetBytes) {
    for (const line of claudeCodeLines(messages, lines.length)) {
      lines.push(line);
      length += line.length + 1;
    }
  }
  return lines.join('\n');
}

/** A plain-text rendering grown (by repeating it) to the target size. */
function grownTo(unit: string): string {
  const parts = [unit];
  let length = unit.length;
  while (length < targetBytes) {
    parts.push(unit);
    length += unit.length + 2;
  }
  return parts.join('\n\n');
}

/**
 * A pasted build log: one request, then log lines that each open with a bracketed level. Lines that open like
 * JSON but are not JSON are what made plain text slow (each one was tried as a JSON record).
 */
function bracketedLogPaste(): string {
  const random = new SeededRandom(20260224);
  const parts = ['User: the build failed again, here is the log', 'Tool:'];
  let length = 0;
  while (length < targetBytes) {
    // Build-tool style: the level in brackets first, as Maven and many test runners print it.
    const block = logs(random).replace(/^(\S+) (\w+) /gm, '[$2] $1 ');
    parts.push(block);
    length += block.length + 1;
  }
  parts.push('Assistant: the failing step is the last ERROR line above.');
  return parts.join('\n');
}

function median(values: number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)];
}

/** One warm-up import, then the median of the timed ones, with what was read. */
/** What one import measured. */
interface Measured {
  durationMs: number;
  format: string | null;
  messageCount: number;
}

function measureImport(text: string): Measured {
  const warmUp = importText(text);
  const durationMs = median(Array.from({ length: timedRuns }, () => timeSync(() => importText(text)).durationMs));
  return { durationMs, format: warmUp.report.format, messageCount: warmUp.transcripts[0]?.messages.length ?? 0 };
}

/** A pasted task list: short lines that open with a checkbox (`[x]`, `[ ]`), the shortest bracket-led lines there are. */
function checklistPaste(): string {
  const random = new SeededRandom(20260225);
  const parts = ['User: here is where the plan stands', 'Assistant:'];
  let length = 0;
  while (length < targetBytes) {
    const item = `${random.pick(['[x]', '[x]', '[ ]'])} ${sentence(random)}`;
    parts.push(item);
    length += item.length + 1;
  }
  return parts.join('\n');
}

/**
 * The import benchmark: the same agent conversation as a ~10 MB plain-text paste and as a ~10 MB Claude Code JSONL,
 * each through `importText` (parse, detection, read) in this process. The JSONL path is the yardstick: plain text
 * should read at line speed too, so the ratio of their speeds is what to watch, not the absolute figures.
 */
export async function runImportBench(): Promise<void> {
  const corpus = generateAgentCorpus(1_000_000);
  const baselineText = renderClaudeCodeJsonl(corpus.messages);
  const baseline = measureImport(baselineText);
  const megabytes = (text: string) => Buffer.byteLength(text, 'utf8') / 1_048_576;
  const speed = (text: string, measured: Measured) => megabytes(text) / (measured.durationMs / 1000);
  const baselineSpeed = speed(baselineText, baseline);
  const row = (name: string, text: string, measured: Measured) => [
    name,
    `${megabytes(text).toFixed(1)} MB`,
    measured.format ?? 'refused',
    measured.messageCount.toLocaleString('en-US'),
    formatMs(measured.durationMs),
    `${speed(text, measured).toFixed(1)} MB/s`,
    `${(speed(text, measured) / baselineSpeed).toFixed(2)}x`,
  ];
  const inputs: [string, string][] = [
    ['plain-text paste of the agent corpus', grownTo(renderPlainText(corpus.messages))],
    ['plain-text paste, bracketed log lines', bracketedLogPaste()],
    ['plain-text paste, task checklist', checklistPaste()],
  ];
  print(`Import (parse + detection + read), median of ${timedRuns} runs after a warm-up; the ratio is each input's speed over the`);
  print('Claude Code JSONL baseline measured in this process (the agent corpus in both shapes).');
  print(formatTable(['input', 'size', 'read as', 'messages', 'time', 'speed', 'vs JSONL'], [
    ...inputs.map(([name, text]) => row(name, text, measureImport(text))),
    row('Claude Code JSONL (baseline)', baselineText, baseline),
  ]));
  print('Target: 10 MB of plain text in ≤ 1 s, at the speed of the JSONL path.');
  print();
  runHostileImportBench();
}
