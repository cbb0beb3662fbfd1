import { commentedFields } from '../code/commented-fields';
import { dartDouble, dartDuration, dartString, dartValue } from '../code/dart-literal';
import { isShown, unmappedFields, type ConfigCode, type RenderInput } from '../code/render-input';
import type { OperativeSkill } from '../../pins/collect-pins';
import type { AutoCompactorConfig, CompactionPromptOverrides } from './auto-compactor-config';

/** The fields seed 1's Dart API has, which `auto-compactor` and `unified` both carry. */
type SeedOneCodeConfig = Pick<
  AutoCompactorConfig,
  'window' | 'reserveTokens' | 'keepRecentTokens' | 'triggerRatio' | 'prompts' | 'operativeSkills' | 'maxPasses' | 'maxAttempts' | 'baseBackoffMs' | 'force' | 'attemptBudgetMs' | 'totalBudgetMs'
>;

type PromptKey = Exclude<keyof CompactionPromptOverrides, 'customInstructions' | 'pinnedBlockHeader' | 'pinnedCarrierIntro' | 'trimMarker'>;

/**
 * The lab's own slots for texts upstream writes as fixed strings, with where it writes them: no Dart argument takes
 * them, so a set one is written as a comment rather than dropped.
 */
const fixedUpstreamTexts = [
  ['pinnedBlockHeader', 'pinnedOperativePromptBlock in operative_pins.dart writes it as fixed text'],
  ['pinnedCarrierIntro', 'pinCarrierBlock in operative_pins.dart writes it as fixed text'],
  ['trimMarker', 'the seed\'s local trim writes its marker as fixed text'],
] as const;

/** Our prompt override keys → the field names we render in `copyWith` (after the seed's prompt ids; see the note). */
const promptFields: readonly (readonly [PromptKey, string])[] = [
  ['summarySystem', 'system'],
  ['summary', 'summary'],
  ['summaryUpdate', 'summaryUpdate'],
  ['turnPrefix', 'turnPrefix'],
  ['pinnedOperative', 'pinnedOperative'],
];

/** AutoCompactor's own optional arguments, in the constructor's order, with how each value is written. */
const constructorFields: { field: keyof SeedOneCodeConfig; argument: string; write(config: SeedOneCodeConfig): string }[] = [
  { field: 'maxPasses', argument: 'maxPasses', write: (config) => String(config.maxPasses) },
  { field: 'maxAttempts', argument: 'maxAttempts', write: (config) => String(config.maxAttempts) },
  { field: 'baseBackoffMs', argument: 'baseBackoff', write: (config) => dartDuration(config.baseBackoffMs) },
  { field: 'force', argument: 'force', write: (config) => String(config.force) },
  { field: 'attemptBudgetMs', argument: 'attemptBudget', write: (config) => dartDuration(config.attemptBudgetMs) },
  { field: 'totalBudgetMs', argument: 'totalBudget', write: (config) => dartDuration(config.totalBudgetMs) },
];

const mappedFields = ['window', 'reserveTokens', 'keepRecentTokens', 'triggerRatio', 'prompts', 'operativeSkills', ...constructorFields.map((entry) => entry.field)];

/** What a profile adds to seed 1's snippet: header lines after the first, and why its other fields have no argument. */
interface SeedOneDartOptions {
  header?: readonly string[];
  reasons?: Readonly<Record<string, string>>;
}

/** Why an auto-compactor parameter has no AutoCompactor argument. */
const ownReasons: Record<string, string> = {
  estimator: 'AutoCompactor always estimates chars/4 with the usage anchor (the lab\'s exact counter has no Dart counterpart)',
  oversizedTail: 'a lab extension: compaction.dart always keeps the seed\'s cut (summarize-oversized has no Dart counterpart)',
};

function settingsLines(input: RenderInput<SeedOneCodeConfig>): string[] {
  const parameters = input.parameters;
  if (!['reserveTokens', 'keepRecentTokens', 'triggerRatio'].some((field) => isShown(input, field))) return ['final settings = defaultCompactionSettings;'];
  const lines = ['final settings = CompactionSettings(', '  enabled: true,', `  reserveTokens: ${parameters.reserveTokens},`, `  keepRecentTokens: ${parameters.keepRecentTokens},`];
  if (parameters.triggerRatio !== null) lines.push(`  triggerRatio: ${dartDouble(parameters.triggerRatio)},`);
  return [...lines, ');'];
}

/** The prompt overrides AutoCompactor's `copyWith` takes, as `[copyWith name, text]`. */
function promptOverrides(prompts: CompactionPromptOverrides): [string, string][] {
  return promptFields.flatMap(([key, name]): [string, string][] => {
    const text = prompts[key];
    return text === undefined ? [] : [[name, text]];
  });
}

function promptLines(prompts: CompactionPromptOverrides, emitAll: boolean): string[] {
  const overrides = promptOverrides(prompts);
  if (overrides.length === 0) return emitAll ? ['  prompts: defaultCompactionPrompts,'] : [];
  return ['  prompts: defaultCompactionPrompts.copyWith(', ...overrides.map(([name, text]) => `    ${name}: ${dartString(text)},`), '  ),'];
}

function skillLines(skills: readonly OperativeSkill[]): string[] {
  return [
    '  operativeSkills: [',
    ...skills.map((skill) => {
      const read = skill.isRead ? ' // isRead: true — in the host this comes from the SKILL.md paths read in the window, not from Skill' : '';
      return `    Skill(name: ${dartString(skill.name)}, operative: ${dartValue(skill.operative)}),${read}`;
    }),
    '  ],',
  ];
}

/**
 * Seed 1's Dart: `CompactionSettings(…)` and `AutoCompactor(…)` with the host's own objects (session, state,
 * summarizers, smol model, hooks) passed by name. Durations become `Duration`s; fields without an argument become
 * comments. A profile that composes seed 1 (unified) adds its own header lines and reasons.
 */
export function renderSeedOneDart(input: RenderInput<SeedOneCodeConfig>, options: SeedOneDartOptions = {}): ConfigCode {
  const parameters = input.parameters;
  const { prompts, operativeSkills: skills } = parameters;
  const lines = [
    '// Compaction Lab config as the Dart AutoCompactor API (flutter_agent_harness).',
    ...(options.header ?? []),
    '// session, state, summary, mainSummary, smolModel and hooks are your host\'s own objects.',
    ...settingsLines(input),
    '',
    'final compactor = AutoCompactor(',
    ...['session', 'state'].map((name) => `  ${name}: ${name},`),
    `  window: ${parameters.window},`,
    '  settings: settings,',
    ...['summary', 'mainSummary', 'smolModel', 'hooks'].map((name) => `  ${name}: ${name},`),
    ...promptLines(prompts, input.emitAll),
    ...(skills.length > 0 || input.emitAll ? skillLines(skills) : []),
    ...constructorFields.filter((entry) => isShown(input, entry.field)).map((entry) => `  ${entry.argument}: ${entry.write(parameters)},`),
    ');',
  ];
  const unmapped = unmappedFields(input, mappedFields);
  if (prompts.customInstructions !== undefined) {
    lines.push(`// prompts.customInstructions: ${dartString(prompts.customInstructions)} — no AutoCompactor argument: CompactionManager takes customInstructions per compaction`);
  }
  for (const [key, where] of fixedUpstreamTexts) {
    const text = prompts[key];
    if (text !== undefined) lines.push(`// prompts.${key}: ${dartString(text)} — no AutoCompactor argument: ${where}`);
  }
  if (unmapped.length > 0) lines.push('// No counterpart in AutoCompactor:', ...commentedFields(input, unmapped, dartValue, { ...ownReasons, ...options.reasons }, 'no AutoCompactor argument'));
  const notes = [
    'window is required by AutoCompactor, so it is always written; the other arguments appear only where the config differs from the seed\'s defaults.',
    'settings: the seed lists enabled, reserveTokens, keepRecentTokens and triggerRatio; triggerRatio\'s formula is inferred (tokens > min(window − reserveTokens, floor(triggerRatio × window))).',
  ];
  if (promptOverrides(prompts).length > 0) {
    notes.push('CompactionPrompts\' Dart field names are not in the seed\'s published API: the copyWith names follow the prompt ids (compaction/summary_system → system, compaction/summary_update → summaryUpdate, …). Check them against your version, or set the same texts through the host\'s prompts: YAML under those ids.');
  }
  if (skills.length > 0) notes.push('Skill(name:, operative:) stands for the skill manifests your host already parses (their operative: front matter); the constructor shape is inferred.');
  return { code: `${lines.join('\n')}\n`, notes };
}
