import { describe, expect, it } from 'vitest';
import { createOfflineSummarizer } from '../../providers/offline/offline-summarizer';
import { configuredProfile, parseLabConfig } from '../config/lab-config';
import { listFixtureFiles, readFixture } from '../formats/fixture-files.test-support';
import { importText } from '../formats/import-text';
import type { CompactionEvent } from '../run/events';
import { lintToolPairs } from '../run/pair-lint';
import { runProfile } from '../run/run-profile';
import { FakeClock } from '../run/fake-clock.test-support';
import { countTranscript } from '../tokens/accounting';
import { messageText } from '../tokens/message-text';
import type { Message } from '../transcript/model';
import { charsPerTokenCounter } from '../tokens/token-counter';
import { profileIds, type ProfileId } from './registry';

const pinnedLines = ['operative: always run the tests before committing', 'operative: never push to main without review'];

/** Settings that make every profile actually compact every fixture (the defaults would leave small ones alone). */
const forcing: Record<ProfileId, Record<string, unknown>> = {
  'auto-compactor': { force: true, window: 16000, reserveTokens: 4000, keepRecentTokens: 2000, estimator: 'exact', operativeSkills: [{ name: 'house-rules', operative: pinnedLines, isRead: true }] },
  // ADK's turns close only at assistant text, so an agent run can be a single turn: keep none verbatim to force a pass.
  'rolling-summary': { summariseAtTokens: 0, keepVerbatim: 0 },
  'two-tier': { tokenThreshold: 1000, compactStrategy: 'llm' },
  unified: { force: true, window: 16000, reserveTokens: 4000, keepRecentTokens: 2000, estimator: 'exact', toolOutputMaxChars: 2000, observationMask: { enabled: true, keepLast: 6 }, hardLimitTokens: 6000, operativeSkills: [{ name: 'house-rules', operative: pinnedLines, isRead: true }] },
};

const realFixtures = listFixtureFiles().filter((name) => !name.startsWith('hand-written'));

describe.each(profileIds)('%s on every real fixture', (profileId) => {
  for (const name of realFixtures) {
    it(`keeps the invariants on ${name}`, async () => {
      const transcript = importText(readFixture(name), { fileName: name }).transcripts[0];
      const parsed = parseLabConfig({ profile: profileId, ...forcing[profileId] });
      if ('issues' in parsed) throw new Error(JSON.stringify(parsed.issues));
      const summarizer = createOfflineSummarizer();
      const counter = charsPerTokenCounter();
      const events: CompactionEvent[] = [];
      const input = { messages: transcript.messages, system: transcript.system };
      const before = lintToolPairs(transcript.messages);
      const { profile, parameters } = configuredProfile(parsed.config);
      const result = await runProfile(profile, {
        ...input,
        config: parameters,
        ports: { counter, clock: new FakeClock(), summarizers: { main: summarizer, smol: summarizer } },
        onEvent: (event) => events.push(event),
      });
      expect(result.cancelled).toBe(false);
      expect(result.error, JSON.stringify(result.error)).toBeUndefined();
      // Every pass is reported, once, as an event and in the result.
      expect(events.filter((event) => event.type === 'pass-end')).toHaveLength(result.passes.length);
      if (transcript.messages.length >= 10) expect(result.passes.length, 'the forcing config makes every profile run a pass').toBeGreaterThan(0);
      const sourceIds = transcript.messages.map((message) => message.id);
      for (const pass of result.passes) {
        expect(Object.keys(pass.fates).sort(), `pass ${pass.pass} gives every source message a fate`).toEqual([...sourceIds].sort());
        if (pass.tokensAfter > pass.tokensBefore) expect(pass.flags).toContain('inflation');
        const outputIds = pass.messages.map((message) => message.id);
        expect(new Set(outputIds).size).toBe(outputIds.length);
        const lint = lintToolPairs(pass.messages);
        const newOrphans = lint.orphanResults.filter((id) => !before.orphanResults.includes(id));
        const newUnanswered = lint.unansweredCalls.filter((id) => !before.unansweredCalls.includes(id));
        expect(pass.lint, 'the pass report carries the lint of its own output').toEqual(lint);
        if (profileId === 'two-tier') {
          // Harn's documented quirk (spec §3.4 step 5): with one user message at index 0 the naive split can separate a
          // call from its result. Reproduced on purpose; the pass report must show it, which the line above checks.
          continue;
        }
        expect(newOrphans, 'no result loses its call').toEqual([]);
        expect(newUnanswered, 'no call loses its result').toEqual([]);
      }
      expect(transcript.messages.map((message) => message.id)).toEqual(sourceIds);
      // Every state is counted exactly, beginning with the transcript itself; a no-op pass is one whose output still
      // holds every source message of its input word for word and is no smaller — and only such a pass is one.
      expect(result.exact?.before).toBe(countTranscript(transcript, counter).total);
      let previous: readonly Message[] = transcript.messages;
      for (const pass of result.passes) {
        const output = new Map(pass.messages.map((message) => [message.id, messageText(message)]));
        const keptEverySource = previous.filter((message) => sourceIds.includes(message.id)).every((message) => output.get(message.id) === messageText(message));
        const isNoOp = keptEverySource && (pass.exact?.after ?? 0) >= (pass.exact?.before ?? 0);
        expect(pass.flags.includes('no-op'), `pass ${pass.pass} is a no-op exactly when it replaced nothing`).toBe(isNoOp);
        previous = pass.messages;
      }
      if (profileId === 'auto-compactor' && result.success) {
        const output = result.messages.map(messageText).join('\n');
        for (const line of pinnedLines) expect(output, 'pinned lines survive verbatim').toContain(line);
      }
    });
  }
});
