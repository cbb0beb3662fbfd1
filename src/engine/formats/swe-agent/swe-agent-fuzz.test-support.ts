import { expect } from 'vitest';
import type { Importer } from '../importer';
import type { ParsedDocument } from '../parse-document';
import { pairToolCalls } from '../../transcript/tool-pairs';
import { seededRandom } from '../fixture-files.test-support';

/** Values that break assumptions about shape: wrong types, empty containers, dangling links. */
const JUNK: unknown[] = [null, 0, -1, '', 'attachment://missing', [], {}, [null], { id: 1 }, true, { cause: 3 }, { tool_call_metadata: {} }];

/** Replaces random values with junk and drops random keys and items, deeper values more often. */
function mutate(value: unknown, random: () => number, depth: number): unknown {
  if (random() < 0.02 + depth * 0.005) return JUNK[Math.floor(random() * JUNK.length)];
  if (Array.isArray(value)) return value.filter(() => random() > 0.01).map((item) => mutate(item, random, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).filter(() => random() > 0.02).map(([key, item]) => [key, mutate(item, random, depth + 1)]));
  }
  return value;
}

/**
 * Reads `rounds` structurally damaged copies of a parsed fixture (JSON or JSONL) and asserts the importer
 * never throws, keeps message ids unique (system prompt included) and accounts for every call.
 */
export function expectSurvivesStructuralDamage(importer: Importer, parsed: ParsedDocument, seed: number, rounds = 60): void {
  const random = seededRandom(seed);
  for (let round = 0; round < rounds; round += 1) {
    let damaged: ParsedDocument = parsed;
    if (parsed.kind === 'json') damaged = { ...parsed, value: mutate(parsed.value, random, 0) };
    if (parsed.kind === 'jsonl') damaged = { ...parsed, records: parsed.records.map((record) => ({ ...record, value: mutate(record.value, random, 0) })) };
    const output = importer.read(damaged, {});
    for (const transcript of output.transcripts) {
      const ids = [...(transcript.system ? [transcript.system.id] : []), ...transcript.messages.map((message) => message.id)];
      expect(new Set(ids).size, `round ${round}: unique ids`).toBe(ids.length);
      const pairs = pairToolCalls(transcript.messages);
      expect(pairs.answeredCallIds.length + pairs.unansweredCalls.length).toBe(pairs.toolCallIds.length);
    }
  }
}
