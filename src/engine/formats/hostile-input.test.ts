import { describe, expect, it } from 'vitest';
import { pairToolCalls } from '../transcript/tool-pairs';
import { listFixtureFiles, readFixture, seededRandom } from './fixture-files.test-support';
import { importText } from './import-text';

const noise = ['{', '}', '[', ']', '"', '\\', ',', ':', '\n', '\u0000', '\ud83d', '😀', 'null', '<|endoftext|>', '\u202e'];

/** One random damage: truncation, a deleted span, inserted noise, a duplicated line, or a swapped character. */
function corrupt(text: string, random: () => number): string {
  const at = Math.floor(random() * text.length);
  switch (Math.floor(random() * 5)) {
    case 0:
      return text.slice(0, at);
    case 1:
      return text.slice(0, at) + text.slice(at + Math.floor(random() * 2000));
    case 2:
      return text.slice(0, at) + noise[Math.floor(random() * noise.length)] + text.slice(at);
    case 3: {
      const lineStart = text.lastIndexOf('\n', at) + 1;
      const lineEnd = text.indexOf('\n', at);
      const line = text.slice(lineStart, lineEnd === -1 ? text.length : lineEnd);
      return text.slice(0, lineStart) + line + '\n' + text.slice(lineStart);
    }
    default:
      return text.slice(0, at) + String.fromCharCode(32 + Math.floor(random() * 95)) + text.slice(at + 1);
  }
}

describe('hostile input never escapes an importer as an exception', () => {
  for (const name of listFixtureFiles()) {
    it(`survives random truncation and corruption of ${name}`, () => {
      const original = readFixture(name);
      const random = seededRandom(name.length * 7919 + original.length);
      const rounds = original.length > 1_000_000 ? 6 : 25;
      for (let round = 0; round < rounds; round += 1) {
        let damaged = original;
        const hits = 1 + Math.floor(random() * 3);
        for (let hit = 0; hit < hits; hit += 1) damaged = corrupt(damaged, random);
        const result = importText(damaged, { fileName: name });
        // importText catches a throwing importer as a last resort; an importer that needed that fails here.
        const crash = result.report.errors.find((issue) => issue.message.includes('importer failed'));
        expect(crash?.message, `round ${round}`).toBeUndefined();
        expect(result.transcripts.length > 0 || result.report.errors.length > 0).toBe(true);
        for (const transcript of result.transcripts) {
          const ids = transcript.messages.map((message) => message.id);
          expect(new Set(ids).size, 'message ids are unique').toBe(ids.length);
          const pairs = pairToolCalls(transcript.messages);
          expect(pairs.answeredCallIds.length + pairs.unansweredCalls.length).toBe(pairs.toolCallIds.length);
        }
      }
    });
  }
});
