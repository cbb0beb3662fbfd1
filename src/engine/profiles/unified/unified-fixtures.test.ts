import { describe, expect, it } from 'vitest';
import { createOfflineSummarizer } from '../../../providers/offline/offline-summarizer';
import { listFixtureFiles, readFixture } from '../../formats/fixture-files.test-support';
import { importText } from '../../formats/import-text';
import { FakeClock } from '../../run/fake-clock.test-support';
import { lintToolPairs } from '../../run/pair-lint';
import { messageText } from '../../tokens/message-text';
import { charsPerTokenCounter } from '../../tokens/token-counter';
import { unifiedProfile } from './index';
import { testConfig } from './unified.test-support';

const pins = ['operative: always run the tests before committing', 'operative: never push to main without review'];
const realFixtures = listFixtureFiles().filter((name) => !name.startsWith('hand-written'));

describe('unified on every real fixture, every stage on', () => {
  for (const name of realFixtures) {
    it(`U26: ${name}: pins verbatim after every pass, pairs whole, guards honoured`, async () => {
      const transcript = importText(readFixture(name), { fileName: name }).transcripts[0];
      const summarizer = createOfflineSummarizer();
      const result = await unifiedProfile.run({
        messages: transcript.messages,
        system: transcript.system,
        config: testConfig({ force: true, window: 16000, reserveTokens: 4000, keepRecentTokens: 2000, toolOutputMaxChars: 2000, hardLimitTokens: 3000, operativeSkills: [{ name: 'house-rules', operative: pins, isRead: true }] }),
        ports: { counter: charsPerTokenCounter(), clock: new FakeClock(), summarizers: { main: summarizer } },
        onEvent: () => undefined,
      });
      const before = lintToolPairs(transcript.messages);
      // force: true, so at least one pass ran; without this the checks below could hold over no pass at all.
      expect(result.passes.length, 'a forced run makes a pass').toBeGreaterThan(0);
      for (const pass of result.passes) {
        const text = pass.messages.map(messageText).join('\n');
        if (pass.insertions.length > 0) for (const line of pins) expect(text, `pass ${pass.pass} keeps the pin`).toContain(line);
        const lint = lintToolPairs(pass.messages);
        expect(lint.orphanResults.filter((id) => !before.orphanResults.includes(id))).toEqual([]);
        expect(lint.unansweredCalls.filter((id) => !before.unansweredCalls.includes(id))).toEqual([]);
        if (pass.flags.includes('inflation') || pass.flags.includes('stall')) expect(pass, 'a guard stops the run').toBe(result.passes[result.passes.length - 1]);
      }
      if (!result.success) expect(['stall', 'inflation', 'no-work', 'max-passes']).toContain(result.error?.code);
    });
  }
});
