import { describe, expect, it } from 'vitest';
import { parseLabConfig } from '../../engine/headless';
import { inheritingWindow } from '../../engine/config';
import { configPresets, presetConfigText, type ConfigPreset } from './presets';

/** A preset for the page's window, run as the page runs it: the window inherited unless the preset leaves it unset. */
const asRun = (preset: ConfigPreset, window: number) => parseLabConfig(inheritingWindow(JSON.parse(presetConfigText(preset, window)), window));

const parse = (id: string, window: number) => {
  const preset = configPresets.find((candidate) => candidate.id === id);
  if (!preset) throw new Error(`no preset ${id}`);
  const parsed = asRun(preset, window);
  if ('issues' in parsed) throw new Error(JSON.stringify(parsed.issues));
  // Read by field name whatever the preset's profile.
  const parameters: Readonly<Record<string, unknown>> = parsed.config.parameters;
  return { ...parsed.config, parameters };
};

describe('config presets', () => {
  it('all validate with the engine’s schema, for small and large windows', () => {
    for (const preset of configPresets) {
      for (const window of [4096, 128000, 1_000_000]) {
        const parsed = asRun(preset, window);
        expect(parsed, `${preset.id} at ${window}`).toHaveProperty('config');
      }
    }
  });

  it('label every peer as an approximation and cite a source', () => {
    const peers = configPresets.filter((preset) => preset.isApproximation);
    expect(peers.map((preset) => preset.id).sort()).toEqual(['claude-code', 'codex', 'gemini-cli', 'opencode', 'openhands']);
    for (const preset of peers) {
      expect(preset.label).toContain('approximation');
      expect(preset.source).toMatch(/^anchors\.md §1\.\d+/);
    }
    for (const preset of configPresets.filter((candidate) => !candidate.isApproximation)) expect(preset.source).not.toContain('anchors.md');
    expect(new Set(configPresets.map((preset) => preset.id)).size).toBe(configPresets.length);
  });

  it('carry the documented numbers', () => {
    expect(parse('dart-cli', 200000).parameters).toMatchObject({ window: 200000, triggerRatio: 0.7, reserveTokens: 50000, keepRecentTokens: 80000 });
    expect(parse('harn-agent-loop', 128000).parameters).toMatchObject({ policyStrategy: 'hybrid', keepFirst: 0, keepLast: 10, contextWindow: 128000 });
    expect(parse('harn-raw', 128000).parameters.contextWindow).toBeUndefined();
    expect(JSON.parse(presetConfigText(configPresets.find((preset) => preset.id === 'harn-raw') as ConfigPreset, 128000))).toMatchObject({ contextWindow: null });
    expect(parse('claude-code', 200000).parameters).toMatchObject({ reserveTokens: 13000, triggerRatio: null });
    expect(parse('codex', 272000).parameters.triggerRatio).toBe(0.9);
    expect(parse('gemini-cli', 100000).parameters).toMatchObject({ triggerRatio: 0.5, keepRecentTokens: 30000 });
    expect(parse('openhands', 128000).parameters).toMatchObject({ keepFirst: 4, compactStrategy: 'llm' });
  });

  it('reproduce the seed’s forWindow table', () => {
    expect(parse('dart-for-window', 16384).parameters).toMatchObject({ reserveTokens: 4096, keepRecentTokens: 8192 });
    expect(parse('dart-for-window', 512).parameters).toMatchObject({ reserveTokens: 128, keepRecentTokens: 256 });
    expect(parse('dart-for-window', 128000).parameters).toMatchObject({ reserveTokens: 16384, keepRecentTokens: 20000 });
  });
});
