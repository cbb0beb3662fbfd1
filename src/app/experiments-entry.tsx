import { useMemo, useState } from 'react';
import { parseConfig } from '../state/parsed-config';
import { useLabStore } from '../state/store';
import { configPresets, presetConfigText } from '../features/config-editor/presets';
import { ExperimentsPage } from '../features/experiments/experiments-page';
import type { PresetChoice } from '../features/experiments/use-definition-props';
import { samples } from '../features/load/samples';
import { useImport } from '../features/load/use-import';
import { useCompaction } from '../features/run/use-compaction';
import { useSessionReplay } from '../features/session/use-session-replay';
import { openCell } from '../state/open-cell';
import { interpretSharedLink } from '../features/share/shared-outcome';
import { ExperimentComparison } from './experiment-comparison';

/** Reads a shared config link as a config to run: its document, or what stops it, in the link dialog's words. */
function readConfigLink(link: string): { name: string; document: NonNullable<PresetChoice['document']> } | { error: string } {
  const outcome = interpretSharedLink(link.includes('#') ? link : `#config=${link}`);
  if (outcome.kind === 'ok') return { name: `${outcome.profile} from a link`, document: outcome.config };
  if (outcome.kind === 'damaged') return { error: `The link cannot be read: ${outcome.message}` };
  if (outcome.kind === 'secret') return { error: `The link carries what looks like a secret (${outcome.lines.join('; ')}), so it is not used.` };
  if (outcome.kind === 'invalid') return { error: `The link's config is not valid: ${outcome.issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ')}` };
  return { error: outcome.notice };
}

/**
 * The Experiments view as the app composes it: the samples and each profile's presets (at the page's window) offered as
 * choices, a shared config link read as the link dialog reads it, a cell opened in the lab's inspector or Session view,
 * and two cells compared with the Diff's two sides.
 */
export function ExperimentsEntry({ onShowLab }: { onShowLab(tab: 'diff' | 'session'): void }) {
  const { importFile } = useImport();
  const { start } = useCompaction();
  const { start: replay } = useSessionReplay();
  const contextWindow = useLabStore((state) => state.contextWindow);
  const [openProblem, setOpenProblem] = useState<string>();
  const presets = useMemo(
    () => configPresets.flatMap((preset): PresetChoice[] => {
      const document = parseConfig(presetConfigText(preset, contextWindow)).document;
      return document ? [{ id: preset.id, label: preset.label, document }] : [];
    }),
    [contextWindow],
  );
  return (
    <>
      {openProblem && (
        <p className="alert" role="alert">
          {openProblem}
        </p>
      )}
      <ExperimentsPage
        samples={samples}
        presets={presets}
        readConfigLink={readConfigLink}
        onOpenCell={(run, cell, where) => {
          setOpenProblem(undefined);
          void openCell(run, cell, where, { openFile: importFile, compact: start, replay, show: (view) => onShowLab(view === 'inspector' ? 'diff' : 'session') }).then((outcome) => 'problem' in outcome && setOpenProblem(outcome.problem));
        }}
        comparison={(run, left, right) => <ExperimentComparison key={`${run.id}|${left.key}|${right.key}`} run={run} left={left} right={right} />}
      />
    </>
  );
}
