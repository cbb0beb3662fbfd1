import type { CompactionPromptOverrides, OperativeSkill } from '../../profiles/auto-compactor/auto-compactor-config';
import { commentedFields, notApplicable } from './commented-fields';
import { dartDouble, dartDuration, dartString, dartValue } from './dart-literal';
import { isShown, unmappedFields, type ConfigCode, type RenderInput } from './render-input';

/** Our prompt override keys → the field names we render in `copyWith` (after the seed's prompt ids; see the note). */
const promptFields: Record<Exclude<keyof CompactionPromptOverrides, 'customInstructions'>, string> = {
  summarySystem: 'system',
  summary: 'summary',
  summaryUpdate: 'summaryUpdate',
  turnPrefix: 'turnPrefix',
  pinnedOperative: 'pinnedOperative',
};

/** AutoCompactor's own optional arguments, in the constructor's order, with how each value is written. */
const constructorFields: { field: string; argument: string; write(value: unknown): string }[] = [
  { field: 'maxPasses', argument: 'maxPasses', write: String },
  { field: 'maxAttempts', argument: 'maxAttempts', write: String },
  { field: 'baseBackoffMs', argument: 'baseBackoff', write: (value) => dartDuration(value as number) },
  { field: 'force', argument: 'force', write: String },
  { field: 'attemptBudgetMs', argument: 'attemptBudget', write: (value) => dartDuration(value as number) },
  { field: 'totalBudgetMs', argument: 'totalBudget', write: (value) => dartDuration(value as number) },
];

const mappedFields = ['window', 'reserveTokens', 'keepRecentTokens', 'triggerRatio', 'prompts', 'operativeSkills', ...constructorFields.map((entry) => entry.field)];

/** Why a parameter has no AutoCompactor argument. */
const reasons: Record<string, string> = {
  estimator: 'AutoCompactor always estimates chars/4 with the usage anchor (the lab\'s exact counter has no Dart counterpart)',
  toolOutputMaxChars: 'seed 3\'s microcompaction; AutoCompactor has none',
  observationMask: 'seed 3\'s observation mask; AutoCompactor has none',
  summary: 'AutoCompactor always summarizes',
  hardLimitTokens: 'seed 3\'s tier 2; AutoCompactor has none',
  hardLimitStrategy: 'seed 3\'s tier 2; AutoCompactor has none',
  localTrim: 'AutoCompactor always falls back to its local trim',
  summarizerWindowTokens: 'the unified profile\'s input-fit guard; AutoCompactor has none',
  stallRatio: 'the unified profile\'s stall guard; AutoCompactor stops only at maxPasses',
};

function settingsLines(input: RenderInput): string[] {
  const parameters = input.parameters;
  if (!['reserveTokens', 'keepRecentTokens', 'triggerRatio'].some((field) => isShown(input, field))) return ['final settings = defaultCompactionSettings;'];
  const lines = ['final settings = CompactionSettings(', '  enabled: true,', `  reserveTokens: ${parameters.reserveTokens},`, `  keepRecentTokens: ${parameters.keepRecentTokens},`];
  if (parameters.triggerRatio !== null) lines.push(`  triggerRatio: ${dartDouble(parameters.triggerRatio as number)},`);
  return [...lines, ');'];
}

function promptLines(prompts: CompactionPromptOverrides, emitAll: boolean): string[] {
  const overrides = Object.entries(promptFields).filter(([key]) => prompts[key as keyof CompactionPromptOverrides] !== undefined);
  if (overrides.length === 0) return emitAll ? ['  prompts: defaultCompactionPrompts,'] : [];
  return [
    '  prompts: defaultCompactionPrompts.copyWith(',
    ...overrides.map(([key, name]) => `    ${name}: ${dartString(prompts[key as keyof CompactionPromptOverrides] as string)},`),
    '  ),',
  ];
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
 * comments. The unified profile renders only its Dart-shaped fields.
 */
export function renderDart(input: RenderInput): ConfigCode {
  if (input.profile !== 'auto-compactor' && input.profile !== 'unified') {
    return notApplicable(input, 'Dart AutoCompactor (seed 1)', input.profile === 'two-tier' ? 'Render it as Harn.' : 'Render it as TypeScript.', dartValue);
  }
  const parameters = input.parameters;
  const header = ['// Compaction Lab config as seed 1\'s Dart API (flutter_agent_harness AutoCompactor).'];
  if (input.profile === 'unified') {
    header.push('// The unified profile is not seed 1: only its Dart-shaped fields are rendered; its other stages are listed as comments at the end.');
  }
  const prompts = parameters.prompts as CompactionPromptOverrides;
  const skills = parameters.operativeSkills as OperativeSkill[];
  const lines = [
    ...header,
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
    ...constructorFields.filter((entry) => isShown(input, entry.field)).map((entry) => `  ${entry.argument}: ${entry.write(parameters[entry.field])},`),
    ');',
  ];
  const unmapped = unmappedFields(input, mappedFields);
  if (prompts.customInstructions !== undefined) {
    lines.push(`// prompts.customInstructions: ${dartString(prompts.customInstructions)} — no AutoCompactor argument: CompactionManager takes customInstructions per compaction`);
  }
  if (unmapped.length > 0) lines.push('// No counterpart in AutoCompactor:', ...commentedFields(input, unmapped, dartValue, reasons, 'no AutoCompactor argument'));
  const notes = [
    'window is required by AutoCompactor, so it is always written; the other arguments appear only where the config differs from the seed\'s defaults.',
    'settings: the seed lists enabled, reserveTokens, keepRecentTokens and triggerRatio; triggerRatio\'s formula is inferred (tokens > min(window − reserveTokens, floor(triggerRatio × window))).',
  ];
  if (Object.keys(promptFields).some((key) => prompts[key as keyof CompactionPromptOverrides] !== undefined)) {
    notes.push('CompactionPrompts\' Dart field names are not in the seed\'s published API: the copyWith names follow the prompt ids (compaction/summary_system → system, compaction/summary_update → summaryUpdate, …). Check them against your version, or set the same texts through the host\'s prompts: YAML under those ids.');
  }
  if (skills.length > 0) notes.push('Skill(name:, operative:) stands for the skill manifests your host already parses (their operative: front matter); the constructor shape is inferred.');
  return { code: `${lines.join('\n')}\n`, notes };
}
