import { useState } from 'react';
import type { ConfigDocument } from '../../engine/config';
import { useConfigStore } from '../../state/config-store';
import { chosenFromFile, chosenFromSample, chosenFromWorkspace } from '../../state/experiment-sources';
import { useExperimentStore } from '../../state/experiment-store';
import { formatBytes } from '../../ui/format';
import { assertionFlags, assertionMetrics } from './assertion-vocabulary';
import type { ConfigOption } from './config-choice';
import type { DefinitionPanelProps } from './definition-panel';
import type { TranscriptOption } from './transcript-choice';
import { useWorkspaceLists } from './use-workspace-lists';

/** A bundled sample the experiment can run on. */
interface SampleChoice {
  id: string;
  title: string;
  fileName: string;
}

/** A profile's preset as a config document (at the page's window). */
export interface PresetChoice {
  id: string;
  label: string;
  document: ConfigDocument;
}

/** What the app gives the definition beyond the stores: the samples, the presets and how a shared config link reads. */
export interface DefinitionSources {
  samples: readonly SampleChoice[];
  presets: readonly PresetChoice[];
  readConfigLink(link: string): { name: string; document: ConfigDocument } | { error: string };
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The definition panel's props from the experiment store, the workspace, the config store and the app's sources. */
export function useDefinitionProps(sources: DefinitionSources, isReadOnly: boolean): DefinitionPanelProps & { problem?: string } {
  const draft = useExperimentStore((state) => state.draft);
  const store = useExperimentStore.getState();
  const { transcripts: kept, configs: saved } = useWorkspaceLists();
  const configA = useConfigStore((state) => state.config.document);
  const configB = useConfigStore((state) => state.variantB?.document);
  const [addProblem, setAddProblem] = useState<string>();

  const keyOf = (option: { sha256?: string; sampleId?: string }) => option.sha256 ?? `sample:${option.sampleId}`;
  const chosenKeys = draft.transcripts.map((chosen) => (chosen.source.kind === 'sample' ? `sample:${chosen.source.sampleId}` : chosen.ref.sha256));
  const transcriptOptions: TranscriptOption[] = [
    ...kept.map((record): TranscriptOption => ({ id: record.sha256, name: record.name, origin: 'workspace', detail: `${record.formatLabel}, ${formatBytes(record.sizeBytes)}` })),
    ...draft.transcripts
      .filter((chosen) => chosen.source.kind === 'file' || chosen.source.kind === 'missing')
      .map((chosen): TranscriptOption => ({ id: chosen.ref.sha256, name: chosen.ref.name, origin: 'file', detail: chosen.source.kind === 'missing' ? 'not on this page: add the file' : 'this visit only' })),
    ...sources.samples.map((sample): TranscriptOption => ({ id: keyOf({ sampleId: sample.id }), name: sample.fileName, origin: 'sample', detail: sample.title })),
  ];
  const toggleTranscript = async (id: string, isChosen: boolean) => {
    if (!isChosen) {
      const index = chosenKeys.indexOf(id);
      if (index >= 0) store.transcriptRemoved(index);
      return;
    }
    try {
      const record = kept.find((candidate) => candidate.sha256 === id);
      const sample = sources.samples.find((candidate) => keyOf({ sampleId: candidate.id }) === id);
      if (record) store.transcriptsAdded([chosenFromWorkspace(record)]);
      else if (sample) store.transcriptsAdded([await chosenFromSample(sample)]);
      setAddProblem(undefined);
    } catch (error) {
      setAddProblem(messageOf(error));
    }
  };
  const addFiles = async (files: File[]) => {
    try {
      store.transcriptsAdded(await Promise.all(files.map((file) => chosenFromFile(file, Date.now()))));
      setAddProblem(undefined);
    } catch (error) {
      setAddProblem(messageOf(error));
    }
  };

  const documents = new Map<string, { name: string; document: ConfigDocument }>();
  const configOptions: ConfigOption[] = [];
  const offer = (option: ConfigOption, document: ConfigDocument | undefined) => {
    if (!document) return;
    documents.set(option.id, { name: option.name, document });
    configOptions.push(option);
  };
  offer({ id: 'current', name: 'A', origin: 'current', detail: 'the run panel’s config' }, configA);
  offer({ id: 'variant-b', name: 'B', origin: 'ab', detail: 'B of the A/B tab' }, configB);
  for (const record of saved) {
    try {
      offer({ id: `saved:${record.id}`, name: record.name, origin: 'saved', detail: 'saved config' }, JSON.parse(record.text) as ConfigDocument);
    } catch {
      // A saved config that is not JSON cannot be run; the workspace's list shows it where it can be fixed.
    }
  }
  for (const preset of sources.presets) offer({ id: `preset:${preset.id}`, name: preset.label, origin: 'preset' }, preset.document);
  for (const config of draft.configs) {
    if (![...documents.values()].some((known) => known.name === config.name)) configOptions.push({ id: `draft:${config.name}`, name: config.name, origin: 'link', detail: config.document ? 'added' : 'named only (from eval output): add the config itself to run it' });
  }
  const chosenConfigs = configOptions.filter((option) => draft.configs.some((config) => config.name === (documents.get(option.id)?.name ?? option.name))).map((option) => option.id);
  const toggleConfig = (id: string, isChosen: boolean) => {
    const known = documents.get(id);
    const name = known?.name ?? id.replace(/^draft:/, '');
    if (isChosen && known) store.configAdded({ name: known.name, document: known.document });
    if (!isChosen) {
      const index = draft.configs.findIndex((config) => config.name === name);
      if (index >= 0) store.configRemoved(index);
    }
  };

  return {
    isReadOnly,
    problem: addProblem,
    mode: draft.mode,
    onModeChange: store.modeChosen,
    transcripts: { options: transcriptOptions, chosen: chosenKeys, onToggle: (id, isChosen) => void toggleTranscript(id, isChosen), onAddFiles: (files) => void addFiles(files) },
    configs: {
      options: configOptions,
      chosen: chosenConfigs,
      onToggle: toggleConfig,
      onAddLink: (link) => {
        const reading = sources.readConfigLink(link);
        if ('error' in reading) return reading.error;
        store.configAdded({ name: reading.name, document: reading.document });
        return undefined;
      },
    },
    assertions: {
      assertions: draft.assertions,
      metrics: assertionMetrics,
      flags: assertionFlags,
      onAdd: async (text) => ((await useExperimentStore.getState().assertionAdded(text)) ? undefined : (useExperimentStore.getState().problem ?? `assertion "${text}" could not be read`)),
      onRemove: store.assertionRemoved,
    },
  };
}
