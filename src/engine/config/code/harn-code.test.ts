import { describe, expect, it } from 'vitest';
import { readBindings, readLiteral, type ReadValue } from './code-reader.test-support';
import { harnString } from '../../profiles/code/harn-literal';
import { renderConfigCode, type ConfigCode } from './render-config-code';

type Read = Record<string, ReadValue>;

function render(document: Record<string, unknown>, emitAll = false): ConfigCode {
  const rendered = renderConfigCode(document, 'harn', { emitAll });
  if ('issues' in rendered) throw new Error(JSON.stringify(rendered.issues));
  return rendered;
}

/** The Harn script's bindings and the Rust struct, each read with its own language's string rules. */
function read(code: string): { script: Read; rust: Read } {
  const [script, rust] = code.split('// Rust (harn-vm)');
  return { script: readBindings(script, 'harn'), rust: readBindings(`//${rust}`, 'rust').config as Read };
}

const template = 'Archived {{archived_count}} "messages" for ${user}:\n{{formatted_messages}}\t\\end $';

describe('Harn snippet of the two-tier profile', () => {
  it('keeps a policy config through the agent-loop options and the lowered Rust struct', () => {
    const { code } = render({ profile: 'two-tier', policyStrategy: 'hybrid', keepFirst: 2, keepLast: 6, tokenThreshold: 30000, hardLimitTokens: 90000, toolOutputMaxChars: 8000, summarizePrompt: template });
    const { script, rust } = read(code);
    expect(script.compaction_options).toEqual({
      compaction: { strategy: 'hybrid', keep_first_n: 2, keep_last_n: 6 },
      compact_threshold: 30000,
      hard_limit_tokens: 90000,
      tool_output_max_chars: 8000,
    });
    expect(script.summarize_template).toBe(template);
    expect(script.result).toEqual({ $call: 'agent_loop', $positional: [{ $ref: 'task' }, { $ref: 'system' }, { '...': { $ref: 'compaction_options' } }] });
    expect(rust).toEqual({
      $struct: 'AutoCompactConfig',
      keep_first: 2,
      token_threshold: 30000,
      tool_output_max_chars: 8000,
      keep_last: 6,
      compact_strategy: { $ref: 'CompactStrategy::Llm' },
      hard_limit_tokens: 90000,
      hard_limit_strategy: { $ref: 'CompactStrategy::Truncate' },
      policy_strategy: 'hybrid',
      '..': { $call: 'Default::default' },
    });
  });

  it('asks agent_loop for the raw engine explicitly when no policy is set', () => {
    const { code } = render({ profile: 'two-tier', compactStrategy: 'truncate', hardLimitStrategy: 'observation-mask', hardLimitTokens: 50000 });
    const { script, rust } = read(code);
    expect(script.compaction_options).toEqual({ auto_compact: true, compact_strategy: 'truncate', hard_limit_strategy: 'observation_mask', compact_keep_last: 12, hard_limit_tokens: 50000 });
    expect(rust).toMatchObject({ compact_strategy: { $ref: 'CompactStrategy::Truncate' }, hard_limit_strategy: { $ref: 'CompactStrategy::ObservationMask' }, hard_limit_tokens: 50000, policy_strategy: 'truncate' });
    expect(rust).not.toHaveProperty('keep_last');
  });

  it('shows callbacks as comments to port, never as arguments, with their source intact', () => {
    const source = 'return messages.map((m) => m.content.length > 100 ? "$masked" : null)';
    const { code, notes } = render({ profile: 'two-tier', maskCallback: source });
    const { script, rust } = read(code);
    expect(script.compaction_options).not.toHaveProperty('mask_callback');
    expect(rust).not.toHaveProperty('mask_callback');
    const comment = /\/\/ mask_callback: .*: (".*")$/m.exec(code);
    expect(comment && readLiteral(comment[1], 'harn')).toBe(source);
    expect(notes.join(' ')).toMatch(/Harn closures/);
  });

  it('renders a manual trigger as transcript_compact options', () => {
    const { code } = render({ profile: 'two-tier', trigger: 'manual', compactStrategy: 'truncate', keepLast: 1, targetTokens: 1000, keepFirst: 3 });
    const { script } = read(code);
    expect(script.compaction_options).toEqual({ strategy: 'truncate', keep_last: 1, target_tokens: 1000 });
    expect(script.result).toMatchObject({ $call: 'transcript_compact' });
    expect(code).toMatch(/^\/\/ keepFirst: 3 — /m);
  });

  it('writes every Rust field with emitAll', () => {
    const { rust } = read(render({ profile: 'two-tier' }, true).code);
    expect(rust).toMatchObject({ keep_first: 0, token_threshold: 48000, tool_output_max_chars: 16000, keep_last: 12, hard_limit_tokens: null, policy_strategy: 'observation_mask' });
  });
});

describe('Harn snippet of other profiles', () => {
  it('renders the unified profile\'s tier 2 and microcompaction, resolving its default hard limit', () => {
    const { code } = render({ profile: 'unified', window: 100000, toolOutputMaxChars: 8000, hardLimitStrategy: 'llm', maxPasses: 2 });
    const { script, rust } = read(code);
    expect(code).toMatch(/The unified profile is not Harn's AutoCompactConfig/);
    expect(script.compaction_options).toEqual({ tool_output_max_chars: 8000 });
    expect(rust).toMatchObject({ tool_output_max_chars: 8000, hard_limit_tokens: 75000 });
    expect(code).toMatch(/^\/\/ maxPasses: 2 — /m);
  });

  it('turns unified tier 2 off as None', () => {
    const { rust } = read(render({ profile: 'unified', hardLimitStrategy: 'none' }).code);
    expect(rust).not.toHaveProperty('hard_limit_tokens');
  });

  it('says seed 1 and seed 2 profiles have no Harn counterpart', () => {
    expect(render({ profile: 'rolling-summary' }).code).toMatch(/different seed.*Render it as TypeScript/);
  });
});

describe('harnString', () => {
  it('escapes quotes, backslashes, dollars, newlines and tabs', () => {
    const text = 'say "hi" \\ ${x} $y\n\tz {{v}}';
    expect(readLiteral(harnString(text), 'harn')).toBe(text);
    expect(harnString(text)).not.toContain('\n');
  });
});

describe('hasUnescapableCharacters', () => {
  it('flags only the control characters Harn has no escape for', async () => {
    const { hasUnescapableCharacters } = await import('../../profiles/code/harn-literal');
    expect(hasUnescapableCharacters('a\nb\tc $ "')).toBe(false);
    expect(hasUnescapableCharacters('a\r\nb')).toBe(true);
    expect(render({ profile: 'two-tier', summarizePrompt: 'x\r\ny' }).notes.join(' ')).toMatch(/cannot escape/);
  });
});
