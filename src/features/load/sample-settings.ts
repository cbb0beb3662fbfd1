import { pinCandidates, type Transcript } from '../../engine';
import { defaultDocument, documentText, takesPins, windowFieldOf } from '../../engine/config';
import type { ProfileId } from '../../engine/profiles/meta';
import { useConfigStore } from '../../state/config-store';
import { useLabStore } from '../../state/store';
import type { Sample } from './samples';

/** Pin candidates a sample's operative skill takes: enough to see the pinned block, few enough to read at a glance. */
const samplePins = 4;

/** The skill a sample's standing instructions are pinned under. */
const sampleSkillName = 'session-rules';

/**
 * The samples that open with suggested settings, and the window a run on each opens with: the bundled Claude Code
 * session holds about 76K tokens by the auto-compactor's estimate, under the 183,616-token threshold of a 200K window
 * (its first Run would answer "No compaction needed"), and over the 43,616 of a 60K one. Other samples open with the
 * defaults, as a file the user loads does.
 */
const runWindows: Readonly<Record<string, number>> = { 'claude-code-session': 60_000 };

function formatWindow(tokens: number): string {
  return tokens.toLocaleString('en-US');
}

/**
 * The settings a sample opens with, and the sentence that says so: the sample's run window, the run's own (so the
 * profile's gate crosses and one Run compacts, while the page keeps its window) and, for a profile that takes pins,
 * an operative skill made of the transcript's own standing instructions (`pinCandidates`). Undefined for a sample
 * that opens with the defaults.
 */
export function sampleSettings(sample: Sample, profile: ProfileId, transcript: Transcript): { text: string; note: string; window?: number } | undefined {
  if (!(sample.id in runWindows)) return undefined;
  const window = windowFieldOf({ profile }) ? runWindows[sample.id] : undefined;
  const pins = takesPins(profile) ? pinCandidates(transcript, samplePins).map((candidate) => candidate.line) : [];
  if (window === undefined && pins.length === 0) return undefined;
  const document = { ...defaultDocument(profile, window), ...(pins.length > 0 ? { operativeSkills: [{ name: sampleSkillName, operative: pins }] } : {}) };
  const parts = [
    ...(window !== undefined ? [`a ${formatWindow(window)}-token window for the run, so its gate crosses`] : []),
    ...(pins.length > 0 ? [`${pins.length === 1 ? 'one' : pins.length} of the session's own standing instructions pinned (Config → Pin candidates)`] : []),
  ];
  return { text: documentText(document), note: `The sample opens with ${parts.join(', and with ')}.`, window };
}

/**
 * A sample finished loading: its suggested settings become the run panel's config (the page's own window is kept) —
 * unless the config was written meanwhile (typed, or a shared config applied while the sample downloaded): that is
 * the user's, and a sample landing late must not put A back to its settings while B keeps the shared one.
 */
export function applySampleSettings(sample: Sample): void {
  const lab = useLabStore.getState();
  const transcript = lab.imported?.transcripts[lab.transcriptIndex];
  const config = useConfigStore.getState();
  if (config.isEdited && config.config.text !== config.sampleSettings?.text) return;
  const settings = transcript ? sampleSettings(sample, config.profile, transcript) : undefined;
  if (!settings) return leaveSampleSettings();
  config.sampleSettingsApplied(settings.text, settings.note);
}

/** Another transcript loaded, or the user asked for the defaults: a config still at a sample's settings goes back to them. */
export function leaveSampleSettings(): void {
  useConfigStore.getState().sampleSettingsLeft();
}
