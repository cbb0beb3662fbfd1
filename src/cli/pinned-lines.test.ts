import { describe, expect, it } from 'vitest';
import { parseLabConfig } from '../engine/headless';
import type { Message } from '../engine/transcript';
import { pinnedLineSurvival } from './pinned-lines';

const output: Message[] = [{ id: 'm1', role: 'user', origin: 'summary', blocks: [{ kind: 'text', text: 'Checkpoint.\nKeep tests green\nTag releases' }], sourceRef: {}, raw: null }];

function config(profile: string) {
  const parsed = parseLabConfig({ schemaVersion: 1, profile, operativeSkills: [{ name: 'rules', operative: ['  Keep tests green  ', 'Tag\nreleases', ''], isRead: true }] });
  if ('issues' in parsed) throw new Error(JSON.stringify(parsed.issues));
  return parsed.config;
}

describe('the CLI counts pinned lines as the run pinned them', () => {
  it('auto-compactor: trimmed lines, inner line breaks kept (the manifest parser\'s reading)', () => {
    expect(pinnedLineSurvival(config('auto-compactor'), undefined, output)).toEqual({ total: 2, survived: 1 });
  });

  it('unified: trimmed lines, line breaks folded into spaces', () => {
    expect(pinnedLineSurvival(config('unified'), undefined, output)).toEqual({ total: 2, survived: 2 });
  });
});
