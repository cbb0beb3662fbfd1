import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { messageText } from '../../engine';
// The test drives the worker's own API in Node to get a real pass; shipped feature code never imports the worker.
// eslint-disable-next-line no-restricted-imports
import { createLabApi } from '../../worker/lab-api';
import { unwrap } from '../../worker-client/reply';
import { alignPass } from './align-pass';
import { checkPinnedLines } from './pinned-lines';
import { declaredPins } from '../../engine/config';

const fixture = 'e2e/fixtures/transcripts/claude-code__tool_heavy.jsonl';
const config = { schemaVersion: 1, profile: 'auto-compactor', force: true, keepRecentTokens: 2000, operativeSkills: [{ name: 'deploy', operative: ['Never push to main without review.'] }] };

describe('alignment of a real auto-compactor pass', () => {
  it('covers every source message once, places the summary and the carrier, and finds the pinned line', async () => {
    const api = createLabApi();
    const imported = unwrap(await api.importText(readFileSync(fixture, 'utf8'), 'claude-code__tool_heavy.jsonl'));
    const source = imported.transcripts[0].messages;
    const { result } = unwrap(await api.compact({ transcriptKey: imported.transcriptKeys[0], config }, () => {}));
    expect(result.success).toBe(true);
    const snapshot = result.passes[0];
    const { rows, rowOfOutput } = alignPass(source, snapshot);

    const sourceRows = rows.filter((row) => row.sourceIndex !== undefined).map((row) => row.sourceIndex);
    expect(sourceRows).toEqual([...source.keys()]);
    // Every output message appears in exactly one row.
    expect([...rowOfOutput].every((row) => row >= 0)).toBe(true);
    expect(new Set(rowOfOutput).size).toBe(snapshot.messages.length);

    const summarized = source.flatMap((message, index) => (snapshot.fates[message.id]?.kind === 'summarized' ? [index] : []));
    expect(summarized.length).toBeGreaterThan(0);
    const summaryRow = rows.find((row) => row.fate.kind === 'inserted' && row.fate.insertion === 'summary');
    expect(summaryRow?.replaced).toEqual(summarized);
    expect(rows.indexOf(summaryRow!)).toBe(rows.findIndex((row) => row.sourceIndex === summarized[0]) - 1);
    const carrierRow = rows.findIndex((row) => row.fate.kind === 'inserted' && row.fate.insertion === 'pinned-carrier');
    expect(carrierRow).toBeGreaterThan(rows.findIndex((row) => row.sourceIndex === summarized[summarized.length - 1]));

    const statuses = checkPinnedLines(declaredPins(config), snapshot.messages.map(messageText));
    expect(statuses).toHaveLength(1);
    const places = statuses[0].locations.map((outputIndex) => rows[rowOfOutput[outputIndex]].fate);
    expect(places).toEqual(expect.arrayContaining([{ kind: 'inserted', insertion: 'summary' }, { kind: 'inserted', insertion: 'pinned-carrier' }]));
  });

  it('tells a line the summary lost (only the carrier holds it) from a line missing everywhere', async () => {
    const api = createLabApi();
    const imported = unwrap(await api.importText(readFileSync(fixture, 'utf8'), 'claude-code__tool_heavy.jsonl'));
    const { result } = unwrap(await api.compact({ transcriptKey: imported.transcriptKeys[0], config }, () => {}));
    const snapshot = result.passes[0];
    const line = 'Never push to main without review.';
    // As if the summarizer had paraphrased the line: the summary no longer holds it verbatim.
    const texts = snapshot.messages.map((message) => (message.origin === 'summary' ? messageText(message).replaceAll(line, 'Get reviews.') : messageText(message)));
    const { rows, rowOfOutput } = alignPass(imported.transcripts[0].messages, snapshot);
    const [status] = checkPinnedLines([{ line, skills: ['deploy'] }], texts);
    expect(status.locations.map((outputIndex) => rows[rowOfOutput[outputIndex]].fate)).toEqual([{ kind: 'inserted', insertion: 'pinned-carrier' }]);
    const withoutCarrier = texts.map((text) => (text.startsWith('<pinned-skill-directives>') ? '' : text));
    expect(checkPinnedLines([{ line, skills: ['deploy'] }], withoutCarrier)[0].locations).toEqual([]);
  });
});
