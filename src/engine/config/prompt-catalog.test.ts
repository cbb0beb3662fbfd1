import { describe, expect, it } from 'vitest';
import { parseLabConfig } from './lab-config';
import { promptSlots, promptSlotsOf, unknownVariables, upstreamPlaceholderProblem, upstreamPlaceholdersIn } from './prompt-catalog';
import { renderSummarizePrompt } from '../strategies/llm-summary';

describe('prompt catalog', () => {
  it('names every prompt a profile sends, at a config path the profile accepts', () => {
    expect(promptSlotsOf('auto-compactor').map((slot) => slot.id)).toEqual(['summarySystem', 'summary', 'summaryUpdate', 'turnPrefix', 'pinnedOperative', 'pinnedBlockHeader', 'pinnedCarrierIntro', 'trimMarker', 'customInstructions']);
    expect(promptSlotsOf('two-tier').map((slot) => slot.id)).toEqual(['summarizePrompt']);
    for (const slot of promptSlots) {
      for (const profile of slot.profiles) {
        const config: Record<string, unknown> = { schemaVersion: 1, profile };
        const leaf = slot.path.slice(0, -1).reduce<Record<string, unknown>>((node, key) => (node[key] = {}) as Record<string, unknown>, config);
        leaf[slot.path[slot.path.length - 1]] = 'An override.';
        expect('config' in parseLabConfig(config), `${profile} accepts ${slot.path.join('.')}`).toBe(true);
      }
    }
  });

  it('flags a mistyped variable but not the ones the engine fills', () => {
    const template = promptSlotsOf('two-tier')[0];
    expect(unknownVariables(template, template.defaultText)).toEqual([]);
    expect(unknownVariables(template, 'Count {{ archived_count }}; {{formated_messages}} and {{formated_messages}}')).toEqual(['formated_messages']);
    expect(unknownVariables(promptSlotsOf('auto-compactor')[0], 'Use {{summary}}')).toEqual(['summary']);
  });
});

describe('upstream text pasted as an override', () => {
  const template = promptSlotsOf('two-tier')[0];
  const harnStyle = 'Summarize these for the next agent.\n\nArchived message count: {archived_count}\n\nConversation:\n{formatted}';

  it('names harn\'s Rust-format placeholders, which our template would send as literal braces with no conversation', () => {
    expect(renderSummarizePrompt(harnStyle, 'USER: hi', 3)).not.toContain('USER: hi');
    expect(upstreamPlaceholdersIn(template, harnStyle)).toEqual([
      { written: '{archived_count}', variable: 'archived_count' },
      { written: '{formatted}', variable: 'formatted_messages' },
    ]);
    expect(upstreamPlaceholderProblem(template, harnStyle)).toBe(
      'Summarize template (summarizePrompt) uses the upstream prompt\'s placeholders, which this prompt does not fill: write {archived_count} → {{archived_count}}, {formatted} → {{formatted_messages}}.',
    );
  });

  it('is quiet on our own {{variables}}, on other braces, and on prompts without upstream placeholders', () => {
    expect(upstreamPlaceholdersIn(template, template.defaultText)).toEqual([]);
    expect(upstreamPlaceholdersIn(template, 'Emit JSON like {"formatted": 1} or {other}.')).toEqual([]);
    expect(upstreamPlaceholdersIn(promptSlotsOf('auto-compactor')[0], 'A {formatted} word.')).toEqual([]);
  });
});

describe('prompt overrides in a config', () => {
  it('names a mistyped prompt id instead of dropping the override', () => {
    const parsed = parseLabConfig({ schemaVersion: 1, profile: 'auto-compactor', prompts: { sumary: 'Summarize tersely.' } });
    expect('issues' in parsed && parsed.issues.map((issue) => issue.path).join(' ')).toContain('prompts');
  });
});
