import * as z from 'zod';
import type { CellRow } from './experiment-types';
import { issueText } from './read-definition';

const count = z.number().nonnegative();
const nullableNumber = z.number().nullable();
const head = { file: z.string(), run: z.number().int().positive().optional(), config: z.string(), mode: z.enum(['compaction', 'replay']), durationMs: count.nullable() };

const cellSchema = z.discriminatedUnion('ok', [
  z.object({
    ...head,
    ok: z.literal(true),
    contextBefore: count.nullable(),
    contextAfter: count,
    windowShareAfter: nullableNumber,
    needWeighted: nullableNumber,
    compactions: count,
    summarizerCalls: count,
    costUsd: nullableNumber,
    flags: z.array(z.string()),
    encoding: z.enum(['cl100k_base', 'o200k_base', 'p50k_base', 'r50k_base']).nullable(),
  }),
  z.object({ ...head, ok: z.literal(false), error: z.string() }),
]);

/** A cell line checked and read as a row (wrapped: a failed row has an `error` of its own) (its `type` and `assertions` left behind: the reader checks assertions afresh). */
export function readCellLine(value: Record<string, unknown>): { row: CellRow } | { error: string } {
  const parsed = cellSchema.safeParse(value);
  if (!parsed.success) return { error: `the cell: ${issueText(parsed.error)}` };
  const { run, ...rest } = parsed.data;
  return { row: { ...rest, ...(run === undefined ? {} : { run }) } as CellRow };
}

const legacySchema = z.discriminatedUnion('ok', [
  z.object({
    file: z.string(),
    run: z.number().int().positive().optional(),
    config: z.string(),
    ok: z.literal(true),
    peakTokens: count,
    needWeighted: nullableNumber,
    compactions: count,
    summarizerCalls: count,
    compactionsOverWindow: count,
    policyCostUsd: nullableNumber.optional(),
  }),
  z.object({ file: z.string(), run: z.number().int().positive().optional(), config: z.string(), ok: z.literal(false), error: z.string() }),
]);

/**
 * A `row` line of `eval --jsonl` as written before experiments, read as a replay cell: the peak is the context after
 * (as replay cells state it), the policy's bill with caching the cost, `over-window` when a compaction left the
 * context over the window. What those rows never held — the context before, the window's share, the encoding, the
 * duration — is null, never guessed.
 */
export function readLegacyRow(value: Record<string, unknown>): { row: CellRow } | { error: string } {
  const parsed = legacySchema.safeParse(value);
  if (!parsed.success) return { error: `the eval row: ${issueText(parsed.error)}` };
  const row = parsed.data;
  const cellHead = { file: row.file, ...(row.run === undefined ? {} : { run: row.run }), config: row.config, mode: 'replay' as const };
  if (!row.ok) return { row: { ...cellHead, ok: false, error: row.error, durationMs: null } };
  return {
    row: {
    ...cellHead,
    ok: true,
    contextBefore: null,
    contextAfter: row.peakTokens,
    windowShareAfter: null,
    needWeighted: row.needWeighted,
    compactions: row.compactions,
    summarizerCalls: row.summarizerCalls,
    costUsd: row.policyCostUsd ?? null,
    flags: row.compactionsOverWindow > 0 ? ['over-window'] : [],
    encoding: null,
    durationMs: null,
    },
  };
}
