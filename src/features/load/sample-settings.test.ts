import { describe, expect, it } from 'vitest';
import { importText } from '../../engine';
import { readFixture } from '../../engine/formats/fixture-files.test-support';
import type { ImportResponse } from '../../worker-client/transcript-protocol';
import { useConfigStore } from '../../state/config-store';
import { useLabStore } from '../../state/store';
import { applySampleSettings, sampleSettings } from './sample-settings';
import { samples } from './samples';

const claudeCode = 'claude-code__fa812bfe-b295-4cca-9c2f-fdf01028cb46.jsonl';
const transcript = importText(readFixture(claudeCode), { fileName: claudeCode }).transcripts[0];
const sample = (id: string) => samples.find((candidate) => candidate.id === id)!;

describe('the settings a sample opens with', () => {
  it('the bundled Claude Code session: a 60K run window and its own standing instructions pinned, said in one sentence', () => {
    const settings = sampleSettings(sample('claude-code-session'), 'auto-compactor', transcript);
    expect(settings?.window).toBe(60_000);
    expect(JSON.parse(settings?.text ?? '')).toEqual({
      schemaVersion: 1,
      profile: 'auto-compactor',
      window: 60_000,
      operativeSkills: [{ name: 'session-rules', operative: ['continue until all are done', 'Work on bead spotter-a0y.', 'Run bd show spotter-a0y to see the issue details and bd ready to find available subtasks.', 'Start with the first ready task.'] }],
    });
    expect(settings?.note).toBe("The sample opens with a 60,000-token window for the run, so its gate crosses, and with 4 of the session's own standing instructions pinned (Config → Pin candidates).");
  });

  it('a profile without pins gets the window only; other samples open with the defaults', () => {
    const twoTier = sampleSettings(sample('claude-code-session'), 'two-tier', transcript);
    expect(JSON.parse(twoTier?.text ?? '')).toEqual({ schemaVersion: 1, profile: 'two-tier', contextWindow: 60_000 });
    expect(twoTier?.note).not.toContain('pinned');
    expect(sampleSettings(sample('claude-code-tool-heavy'), 'auto-compactor', transcript)).toBeUndefined();
  });
});

describe('a sample landing after a config was applied', () => {
  it('keeps the applied A (and B): the sample’s settings go only over a config nobody wrote', () => {
    useConfigStore.getState().profileChosen('auto-compactor');
    useLabStore.setState({ imported: { transcripts: [transcript] } as unknown as ImportResponse, transcriptIndex: 0 });
    // A shared link applied while the sample was still downloading: A in the run panel, B in the A/B tab.
    const sharedA = '{\n  "profile": "auto-compactor",\n  "window": 90000\n}';
    useConfigStore.getState().configEdited(sharedA);
    useConfigStore.getState().variantBEdited('{\n  "profile": "auto-compactor",\n  "window": 120000\n}');
    applySampleSettings(sample('claude-code-session'));
    expect(useConfigStore.getState().config.text).toBe(sharedA);
    expect(useConfigStore.getState().variantB?.document).toEqual({ profile: 'auto-compactor', window: 120_000 });
    expect(useConfigStore.getState().sampleSettings).toBeUndefined();
  });

  it('still opens an untouched config with the sample’s settings, and again over its own settings', () => {
    useConfigStore.getState().profileChosen('auto-compactor');
    useConfigStore.getState().variantBEdited(undefined);
    useLabStore.setState({ imported: { transcripts: [transcript] } as unknown as ImportResponse, transcriptIndex: 0 });
    applySampleSettings(sample('claude-code-session'));
    expect(useConfigStore.getState().config.document?.window).toBe(60_000);
    applySampleSettings(sample('claude-code-session'));
    expect(useConfigStore.getState().config.document?.window).toBe(60_000);
  });
});
