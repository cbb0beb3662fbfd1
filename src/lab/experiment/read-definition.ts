import * as z from 'zod';
import { isConfigDocument } from '../../engine/config';
import { parseAssertion } from './assertions';
import type { ExperimentDefinition } from './experiment-types';

/** An issue's place and words, e.g. `configs.1.name: expected string`. */
export function issueText(error: z.ZodError): string {
  const [issue] = error.issues;
  const place = issue.path.length === 0 ? '' : `${issue.path.join('.')}: `;
  return `${place}${issue.message}`;
}

const definitionSchema = z.object({
  version: z.literal(1),
  name: z.string().optional(),
  mode: z.enum(['compaction', 'replay']),
  configs: z.array(z.object({ name: z.string(), document: z.unknown().optional() })),
  assertions: z.array(z.string()),
  transcripts: z.array(z.object({ name: z.string(), sha256: z.string(), sizeBytes: z.number().nonnegative().nullable(), run: z.number().int().positive().optional() })),
});

/**
 * An experiment line's definition checked: its fields and types, each config's document a JSON object, each assertion
 * one `parseAssertion` reads. The error names the field and what is wrong.
 */
export function readDefinition(value: Record<string, unknown>): ExperimentDefinition | { error: string } {
  const parsed = definitionSchema.safeParse(value);
  if (!parsed.success) return { error: `the experiment line: ${issueText(parsed.error)}` };
  const { version, name, mode, assertions, transcripts } = parsed.data;
  const configs: ExperimentDefinition['configs'] = [];
  for (const [index, config] of parsed.data.configs.entries()) {
    if (config.document !== undefined && !isConfigDocument(config.document)) return { error: `the experiment line: configs.${index}.document: a config document is a JSON object` };
    configs.push({ name: config.name, ...(config.document === undefined ? {} : { document: config.document }) });
  }
  for (const text of assertions) {
    const read = parseAssertion(text);
    if ('error' in read) return { error: `the experiment line: ${read.error}` };
  }
  return { version, ...(name === undefined ? {} : { name }), mode, configs, assertions, transcripts };
}
