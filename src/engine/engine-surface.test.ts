import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The engine's surface, name by name (tldraw's API report at this project's scale): every name each door offers, by
 * concept, read from the source text so types count too. A change to what the engine offers the house changes this
 * snapshot, so it shows in review; knip keeps names nobody uses out.
 */
const engineRoot = import.meta.dirname;

/** `export { a, type B } from …`, `export type { C } from …`, `export const d …`, `export * from './x'` (followed). */
function exportedNames(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const listed = [...text.matchAll(/^export (?:type )?\{([^}]*)\}/gm)].flatMap((match) => match[1].split(',').map((part) => part.trim().replace(/^type /, '')).filter(Boolean));
  const declared = [...text.matchAll(/^export (?:async )?(?:const|function|type|interface|class) (\w+)/gm)].map((match) => match[1]);
  const starred = [...text.matchAll(/^export \* from '\.\/([^']+)';/gm)].flatMap((match) => {
    const base = path.join(path.dirname(file), match[1]);
    return exportedNames(base.endsWith('.ts') ? base : [`${base}.ts`, path.join(base, 'index.ts')].find((candidate) => { try { readFileSync(candidate); return true; } catch { return false; } }) ?? base);
  });
  return [...listed, ...declared, ...starred];
}

/** Each concept the engine entry lists, with the number of names it offers and the names. */
function surface(entry: string): Record<string, string[]> {
  const text = readFileSync(path.join(engineRoot, entry), 'utf8');
  const concepts = [...text.matchAll(/^export \* from '\.\/([^']+)';/gm)].map((match) => match[1]);
  const own = [...text.matchAll(/^export (?:type )?\{([^}]*)\} from '\.\/([^']+)';/gm)].map((match) => [match[2], match[1]] as const);
  return Object.fromEntries([
    ...concepts.map((concept) => [concept, exportedNames(path.join(engineRoot, concept, 'index.ts')).sort()]),
    ...own.map(([source, names]) => [source, names.split(',').map((part) => part.trim().replace(/^type /, '')).filter(Boolean).sort()]),
  ]);
}

describe('the engine’s surface', () => {
  it('offers the page these names, by concept', () => {
    const names = surface('index.ts');
    expect(Object.fromEntries(Object.entries(names).map(([concept, list]) => [concept, list.length]))).toMatchInlineSnapshot(`
      {
        "compare": 6,
        "config": 44,
        "cost": 26,
        "formats": 8,
        "issues": 2,
        "json-value": 1,
        "pins": 2,
        "probes": 12,
        "profiles": 12,
        "replay": 10,
        "retention": 14,
        "run": 27,
        "statistics": 1,
        "strategies": 3,
        "tokens": 26,
        "transcript": 11,
        "versus": 12,
      }
    `);
    expect(names).toMatchInlineSnapshot(`
      {
        "compare": [
          "AbCell",
          "AbMetricKind",
          "AbMetricRow",
          "AbRun",
          "AbVariantStats",
          "compareVariants",
        ],
        "config": [
          "Compressor",
          "ConfigDocument",
          "ConfigPair",
          "DocumentPath",
          "LabConfig",
          "PromptProblem",
          "PromptSlot",
          "ShareEnvelope",
          "ShareFragment",
          "canonicalJson",
          "declaredPins",
          "decodeShareFragment",
          "defaultDocument",
          "defaultProfileId",
          "describeSecrets",
          "documentProfile",
          "documentText",
          "encodeShareFragment",
          "entropy",
          "findSecrets",
          "inheritingWindow",
          "isConfigDocument",
          "leavesWindowToProfile",
          "looksLikeConfigValue",
          "maskSecretsIn",
          "namedProfile",
          "ownWindowOf",
          "pathText",
          "pinnedLinesOf",
          "promptProblems",
          "promptSlots",
          "promptSlotsOf",
          "readConfigValue",
          "setsWindow",
          "shareEnvelopeOf",
          "takesPins",
          "unknownVariables",
          "upstreamPlaceholderProblem",
          "valueAt",
          "windowFieldOf",
          "withPinnedLine",
          "withValueAt",
          "withWindow",
          "withoutWindow",
        ],
        "cost": [
          "AgentCostSummary",
          "BilledTokens",
          "CallPrices",
          "CompactionCost",
          "CostByKind",
          "CostPoint",
          "KindOrigins",
          "LifetimeReading",
          "LoggedBill",
          "PolicyCostSummary",
          "PriceBook",
          "ReplayCost",
          "TokenPrices",
          "cachingSavedUsd",
          "compactionCost",
          "costByKind",
          "hasLoggedUsage",
          "loggedBill",
          "loggedBillBasis",
          "loggedNextCall",
          "noLoggedUsageNote",
          "priceOriginWords",
          "replayCost",
          "totalOf",
          "transcriptCacheLifetime",
          "usdText",
        ],
        "formats": [
          "ImportIssue",
          "ImportReport",
          "ImportResult",
          "MAX_INPUT_BYTES",
          "SourceLocation",
          "exportAnthropic",
          "exportOpenAiChat",
          "importText",
        ],
        "issues": [
          "ConfigIssue",
          "SettingsProblem",
        ],
        "json-value": [
          "isJsonObject",
        ],
        "pins": [
          "PinCandidate",
          "pinCandidates",
        ],
        "probes": [
          "Probe",
          "ProbeGrade",
          "ProbeKind",
          "ProbeOptions",
          "ProbePlan",
          "ProbeQuestionSource",
          "ProbeReport",
          "ProbeStep",
          "perKindLimits",
          "planProbes",
          "probeKinds",
          "runProbes",
        ],
        "profiles": [
          "KeyParameter",
          "ProfileId",
          "ProfileLimits",
          "ProfilePreset",
          "WhatIfField",
          "codeLanguages",
          "isProfileId",
          "profileIds",
          "profileMeta",
          "testsLabel",
          "upstreamMarkers",
          "withUpstreamDifferences",
        ],
        "replay": [
          "GateBasis",
          "ReplayCompaction",
          "ReplayContext",
          "ReplayLines",
          "ReplayProgress",
          "ReplayReport",
          "ReplayRetention",
          "replayContext",
          "replayLines",
          "sharedLines",
        ],
        "retention": [
          "CategoryRetention",
          "CostSeries",
          "Fact",
          "FactCategory",
          "LossFlag",
          "NeededFact",
          "PassRetention",
          "RetentionReport",
          "canShowCost",
          "costSeries",
          "extractFacts",
          "factCategories",
          "measureRetention",
          "neededFacts",
        ],
        "run": [
          "CallbackRunner",
          "Clock",
          "CompactionEvent",
          "EngineError",
          "EngineErrorCode",
          "EnginePorts",
          "OutcomeFlag",
          "PassSnapshot",
          "RunContext",
          "RunResult",
          "SummarizeRequest",
          "SummarizeResult",
          "Summarizer",
          "SummarizerRole",
          "createRunMeasurer",
          "describeThrown",
          "engineError",
          "failedRunResult",
          "flaggedOutcome",
          "historyWipedWords",
          "isFailingFlag",
          "outcomeFlagTitles",
          "replacedNothingWords",
          "runOutcome",
          "runProfile",
          "savedUnderStallRatio",
          "stallRatio",
        ],
        "statistics": [
          "Spread",
        ],
        "strategies": [
          "HarnValue",
          "readMaskOverrides",
          "toHarnValue",
        ],
        "tokens": [
          "ContextBasis",
          "ContextFigure",
          "EncodingName",
          "TokenCache",
          "TokenCounter",
          "TokenKind",
          "TranscriptTokenCount",
          "UsageFit",
          "basisName",
          "breakdownMessages",
          "contentFigure",
          "contextBasis",
          "contextFigure",
          "countMessageBatches",
          "countMessageTokens",
          "countMessagesInBatches",
          "countTranscript",
          "encodingNames",
          "estimateTokens",
          "fitLoggedUsage",
          "insertionKindsById",
          "kindTotals",
          "loggedCalls",
          "messageImageTokens",
          "messageText",
          "tokenKinds",
        ],
        "transcript": [
          "Block",
          "CompactionMarker",
          "Fate",
          "Insertion",
          "Message",
          "Role",
          "ToolPairReport",
          "Transcript",
          "TranscriptStats",
          "pairToolCalls",
          "transcriptStats",
        ],
        "versus": [
          "AgentCompaction",
          "CompactionCut",
          "LastHeldContext",
          "RunStart",
          "VersusReport",
          "VersusSide",
          "agentCompactions",
          "agentSummaryTokens",
          "compareWithAgent",
          "contextTokens",
          "cutAtCompaction",
          "lastHeldContext",
        ],
      }
    `);
  });

  it('offers the worker, the lab, the CLI and the benches these names that run profile code', () => {
    expect(surface('headless.ts')).toMatchInlineSnapshot(`
      {
        "config/code/render-config-code": [
          "renderConfigCode",
        ],
        "config/impossible-settings": [
          "describeSettingsProblems",
          "impossibleSettings",
        ],
        "config/lab-config": [
          "configuredProfile",
          "labConfigDocument",
          "offlineSummarySchema",
          "parseLabConfig",
        ],
        "config/share-validation": [
          "validateShareEnvelope",
        ],
        "profiles/registry": [
          "profileModule",
        ],
        "replay/replay-retention": [
          "measureReplayRetention",
        ],
        "replay/replay-session": [
          "replaySession",
        ],
        "replay/summarizer-meter": [
          "PriceCall",
          "meterSummarizers",
        ],
        "tokens/prefix-counting-counter": [
          "prefixCountingCounter",
        ],
      }
    `);
  });
});
