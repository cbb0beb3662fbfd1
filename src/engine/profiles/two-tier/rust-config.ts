import { rustString } from '../code/harn-literal';
import type { TwoTierStrategy } from './config';

/** The plain-data fields of harn-vm's `AutoCompactConfig` (the callbacks are Harn closures and stay comments). */
export interface RustCompactFields {
  keepFirst: number;
  tokenThreshold: number;
  toolOutputMaxChars: number;
  keepLast: number;
  compactStrategy: TwoTierStrategy;
  hardLimitTokens: number | null;
  hardLimitStrategy: TwoTierStrategy;
  policyStrategy: string;
}

/** `AutoCompactConfig::default()` (spec §3.2). */
export const rustDefaults: RustCompactFields = {
  keepFirst: 0,
  tokenThreshold: 48_000,
  toolOutputMaxChars: 16_000,
  keepLast: 12,
  compactStrategy: 'observation-mask',
  hardLimitTokens: null,
  hardLimitStrategy: 'llm',
  policyStrategy: 'observation_mask',
};

const strategyVariants: Record<TwoTierStrategy, string> = {
  'observation-mask': 'CompactStrategy::ObservationMask',
  truncate: 'CompactStrategy::Truncate',
  llm: 'CompactStrategy::Llm',
  custom: 'CompactStrategy::Custom',
};

const writers: { [Field in keyof RustCompactFields]: { name: string; write(value: RustCompactFields[Field]): string } } = {
  keepFirst: { name: 'keep_first', write: String },
  tokenThreshold: { name: 'token_threshold', write: String },
  toolOutputMaxChars: { name: 'tool_output_max_chars', write: String },
  keepLast: { name: 'keep_last', write: String },
  compactStrategy: { name: 'compact_strategy', write: (value) => strategyVariants[value] },
  hardLimitTokens: { name: 'hard_limit_tokens', write: (value) => (value === null ? 'None' : `Some(${value})`) },
  hardLimitStrategy: { name: 'hard_limit_strategy', write: (value) => strategyVariants[value] },
  policyStrategy: { name: 'policy_strategy', write: (value) => `${rustString(value)}.to_string()` },
};

/** One field of the literal, written by its own writer. */
function fieldLine<Field extends keyof RustCompactFields>(fields: RustCompactFields, key: Field): string {
  const writer = writers[key];
  return `    ${writer.name}: ${writer.write(fields[key])},`;
}

/**
 * An `AutoCompactConfig { … ..Default::default() }` literal: each field that differs from the Rust default (or every
 * field with `emitAll`), then `extra` lines (comments for what has no plain-data form) inside the braces.
 */
export function rustConfigLines(fields: RustCompactFields, emitAll: boolean, extra: readonly string[] = []): string[] {
  const keys = Object.keys(writers) as (keyof RustCompactFields)[];
  const shown = keys.filter((key) => emitAll || fields[key] !== rustDefaults[key]);
  return [
    'let config = AutoCompactConfig {',
    ...shown.map((key) => fieldLine(fields, key)),
    ...extra.map((line) => `    ${line}`),
    '    ..Default::default()',
    '};',
  ];
}
