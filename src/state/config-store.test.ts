import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { promptSlotsOf } from '../engine/config';
import { useConfigStore } from './config-store';
import { useLabStore } from './store';

const store = () => useConfigStore.getState();

describe('the config store', () => {
  beforeEach(() => {
    useLabStore.getState().contextWindowChosen(100_000);
    store().profileChosen('auto-compactor');
    store().variantBEdited(undefined);
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('holds the picked profile’s defaults, with no window (a run inherits the page’s), until the text is written', () => {
    expect(store().isEdited).toBe(false);
    expect(store().config.document).toEqual({ schemaVersion: 1, profile: 'auto-compactor' });
    store().profileChosen('two-tier');
    expect(store().config).toMatchObject({ profile: 'two-tier', document: { schemaVersion: 1, profile: 'two-tier' } });
    useLabStore.getState().contextWindowChosen(64_000);
    expect(store().config.document).toEqual({ schemaVersion: 1, profile: 'two-tier' });
    expect(JSON.parse(store().config.text)).toEqual(store().config.document);
  });

  it('keeps written text as written: the page’s window never rewrites it, a reset returns to the defaults', () => {
    store().configEdited('{"profile":"unified","window":9000}');
    useLabStore.getState().contextWindowChosen(64_000);
    expect(store()).toMatchObject({ isEdited: true, config: { text: '{"profile":"unified","window":9000}', document: { profile: 'unified', window: 9000 }, profile: 'unified' } });
    store().configEdited(undefined);
    expect(store()).toMatchObject({ isEdited: false, config: { document: { schemaVersion: 1, profile: 'auto-compactor' }, profile: 'auto-compactor' } });
  });

  it('parses the text once, when it is written, and never again for readers', () => {
    const parse = vi.spyOn(JSON, 'parse');
    store().configEdited('{"profile":"rolling-summary"}');
    expect(parse).toHaveBeenCalledTimes(1);
    for (let read = 0; read < 3; read++) expect(store().config.profile).toBe('rolling-summary');
    expect(parse).toHaveBeenCalledTimes(1);
  });

  it('says where text that is not JSON breaks, with no document and no profile (no earlier document kept)', () => {
    store().configEdited('{"profile":"two-tier"}');
    store().configEdited('{\n  "profile": "two-tier"\n  "keepLast": 3\n}');
    const { config } = store();
    expect(config.document).toBeUndefined();
    expect(config.profile).toBeUndefined();
    expect(config.syntaxProblem).toMatchObject({ line: 3, column: 3 });
    expect(config.syntaxProblem?.parserMessage).toMatch(/position/);
    store().configEdited('{"profile":"two-tier"}');
    expect(store().config).toMatchObject({ document: { profile: 'two-tier' }, profile: 'two-tier' });
    expect(store().config.syntaxProblem).toBeUndefined();
  });

  it('names the profile a document runs with by the one rule: its own, the default when none, none when unknown', () => {
    store().configEdited('{"window":5000}');
    expect(store().config.profile).toBe('auto-compactor');
    store().configEdited('{"profile":"nope"}');
    expect(store().config.profile).toBeUndefined();
    store().configEdited('[1, 2]');
    expect(store().config.profile).toBeUndefined();
  });

  it('keeps variant B’s document apart from the run panel’s', () => {
    expect(store().variantB).toBeUndefined();
    store().variantBEdited('{"profile":"two-tier","keepLast":2}');
    store().configEdited('{"profile":"unified"}');
    expect(store().variantB).toMatchObject({ document: { profile: 'two-tier', keepLast: 2 }, profile: 'two-tier' });
    store().variantBEdited('{oops');
    expect(store().variantB?.syntaxProblem).toMatchObject({ line: 1 });
    expect(store().config).toMatchObject({ document: { profile: 'unified' }, profile: 'unified' });
    store().profileChosen('rolling-summary');
    expect(store().variantB?.text).toBe('{oops');
    store().variantBEdited(undefined);
    expect(store().variantB).toBeUndefined();
  });
});

describe('pins and a sample\'s settings in the config store', () => {
  beforeEach(() => {
    useLabStore.getState().contextWindowChosen(100_000);
    store().profileChosen('auto-compactor');
    store().sampleSettingsLeft();
  });

  it('pinAdded adds a line to the `pinned` operative skill once, keeping other skills and settings', () => {
    store().configEdited(JSON.stringify({ profile: 'auto-compactor', window: 50_000, operativeSkills: [{ name: 'deploy', operative: ['Tag releases.'] }] }));
    store().pinAdded('Never push to main.');
    store().pinAdded('Never push to main.');
    store().pinAdded('Run the tests first.');
    expect(store().config.document).toEqual({
      profile: 'auto-compactor',
      window: 50_000,
      operativeSkills: [
        { name: 'deploy', operative: ['Tag releases.'] },
        { name: 'pinned', operative: ['Never push to main.', 'Run the tests first.'] },
      ],
    });
  });

  it('pinAdded on the untouched defaults writes the config; on text that is not JSON it changes nothing', () => {
    store().pinAdded('Never push to main.');
    expect(store()).toMatchObject({ isEdited: true, config: { document: { schemaVersion: 1, profile: 'auto-compactor', operativeSkills: [{ name: 'pinned', operative: ['Never push to main.'] }] } } });
    store().configEdited('{ not json');
    store().pinAdded('Another line.');
    expect(store().config.text).toBe('{ not json');
  });

  it('a sample\'s settings stay until another transcript opens; an edited config is kept then', () => {
    store().sampleSettingsApplied('{"profile":"auto-compactor","window":60000}', 'The sample opens with a 60,000-token window.');
    expect(store()).toMatchObject({ isEdited: true, config: { document: { window: 60_000 } }, sampleSettings: { note: 'The sample opens with a 60,000-token window.' } });
    store().sampleSettingsLeft();
    expect(store()).toMatchObject({ isEdited: false, sampleSettings: undefined });
    expect(store().config.document).toEqual({ schemaVersion: 1, profile: 'auto-compactor' });
    store().sampleSettingsApplied('{"profile":"auto-compactor","window":60000}', 'note');
    store().configEdited('{"profile":"auto-compactor","window":70000}');
    store().sampleSettingsLeft();
    expect(store()).toMatchObject({ isEdited: true, sampleSettings: undefined, config: { document: { window: 70_000 } } });
  });
});

describe('whether the config is edited', () => {
  it('is not once the text holds exactly the profile’s defaults again', () => {
    store().profileChosen('two-tier');
    store().configEdited('{"schemaVersion":1,"profile":"two-tier","contextWindow":9000}');
    expect(store().isEdited).toBe(true);
    store().configEdited('{"schemaVersion":1,"profile":"two-tier"}');
    expect(store().isEdited).toBe(false);
    store().configEdited('{"profile":"two-tier"}');
    expect(store().isEdited, 'a document that differs from the defaults, if only by its schema version').toBe(true);
  });
});

describe('another transcript opened: variant B leaves the sample’s settings as A does (issue 27)', () => {
  const sampleText = JSON.stringify({ schemaVersion: 1, profile: 'auto-compactor', window: 60_000, operativeSkills: [{ name: 'session-rules', operative: ['Work on bead one.'] }] }, null, 2);
  const sample = JSON.parse(sampleText) as Record<string, unknown>;
  const summaryPrompt = promptSlotsOf('auto-compactor').find((slot) => slot.id === 'summary');
  beforeEach(() => {
    store().profileChosen('auto-compactor');
    store().variantBEdited(undefined);
    store().sampleSettingsApplied(sampleText, 'The sample opens with …');
  });

  it('a B made from the sample’s settings with a prompt opened but not changed is a copy of A again', () => {
    // What "Edit a prompt in B" writes: A's config (the sample's) with the prompt's default text.
    store().variantBEdited(JSON.stringify({ ...sample, prompts: { summary: summaryPrompt?.defaultText } }));
    store().sampleSettingsLeft();
    expect(store().config.document).toEqual({ schemaVersion: 1, profile: 'auto-compactor' });
    expect(store().variantB).toBeUndefined();
  });

  it('a B with changes of its own keeps them, without the sample’s window and pinned lines', () => {
    store().variantBEdited(JSON.stringify({ ...sample, reserveTokens: 9000, prompts: { summary: 'Summarize in three lines.' } }));
    store().sampleSettingsLeft();
    expect(store().variantB?.document).toEqual({ schemaVersion: 1, profile: 'auto-compactor', reserveTokens: 9000, prompts: { summary: 'Summarize in three lines.' } });
  });

  it('a pin of the user’s own and another window stay; only what is still as the sample set it leaves', () => {
    const ownPins = { name: 'pinned', operative: ['Never push to main.'] };
    store().variantBEdited(JSON.stringify({ ...sample, window: 80_000, operativeSkills: [...(sample.operativeSkills as unknown[]), ownPins] }));
    store().sampleSettingsLeft();
    expect(store().variantB?.document).toEqual({ schemaVersion: 1, profile: 'auto-compactor', window: 80_000, operativeSkills: [ownPins] });
  });

  it('an edited A leaves the sample’s window and pins too, keeping its own change', () => {
    store().configEdited(JSON.stringify({ ...sample, reserveTokens: 9000 }));
    store().sampleSettingsLeft();
    expect(store().isEdited).toBe(true);
    expect(store().config.document).toEqual({ schemaVersion: 1, profile: 'auto-compactor', reserveTokens: 9000 });
  });

  it('a B of another profile than the sample’s is left as it is', () => {
    const twoTier = JSON.stringify({ schemaVersion: 1, profile: 'two-tier', contextWindow: 60_000 });
    store().variantBEdited(twoTier);
    store().sampleSettingsLeft();
    expect(store().variantB?.text).toBe(twoTier);
  });
});
