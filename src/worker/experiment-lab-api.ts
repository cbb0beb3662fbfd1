import { bestConfig, frontier, noBestReason, summarizeConfigs } from '../lab/experiment/aggregate';
import { checkAssertions, parseAssertion, type Assertion } from '../lab/experiment/assertions';
import { readExperimentJsonl, writeExperimentJsonl } from '../lab/experiment/experiment-jsonl';
import { readDefinition } from '../lab/experiment/read-definition';
import type { ExperimentApi, ExperimentJudgement } from '../worker-client/experiment-protocol';
import { reply } from './worker-replies';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The lab worker's experiment methods (issue 29): judging rows, reading and writing an experiment's JSONL and checking
 * a shared definition or an assertion, with the lab's own code (the one the CLI's `eval` runs), so the page never loads it.
 */
export function createExperimentLabApi(): ExperimentApi {
  return {
    judgeExperiment: (definition, rows) =>
      reply((): ExperimentJudgement => {
        const assertions = definition.assertions.flatMap((text): Assertion[] => {
          const parsed = parseAssertion(text);
          return 'error' in parsed ? [] : [parsed];
        });
        const configs = summarizeConfigs(rows, definition);
        const best = bestConfig(configs);
        return {
          assertions: rows.map((row) => checkAssertions(row, assertions)),
          configs,
          frontier: { contextAfter: frontier(configs, 'contextAfter'), costUsd: frontier(configs, 'costUsd') },
          best,
          ...(best ? {} : { noBest: noBestReason(configs) }),
        };
      }),
    readExperimentJsonl: (text) => reply(() => readExperimentJsonl(text)),
    writeExperimentJsonl: (definition, rows) => reply(() => writeExperimentJsonl(definition, rows)),
    readExperimentDefinition: (value) =>
      reply(() => {
        if (!isRecord(value)) return { error: 'an experiment definition is a JSON object with version, mode, configs, assertions and transcripts' };
        const read = readDefinition(value);
        return 'error' in read ? read : { definition: read };
      }),
    checkAssertion: (text) =>
      reply(() => {
        const parsed = parseAssertion(text);
        return 'error' in parsed ? parsed : { text: parsed.text };
      }),
  };
}
