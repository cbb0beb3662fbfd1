import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readFixture } from '../engine/formats/fixture-files.test-support';
import { importText } from '../engine/formats/import-text';
import { inspectEvalToJson, isZipArchive } from './inspect-eval-archive';

/** Builds an `.eval` archive the way Inspect lays one out, from the project's real `.json` log. */
function evalArchiveFromJsonLog(): Uint8Array {
  const { samples, ...header } = JSON.parse(readFixture('inspect-ai__2025-05-12T20-27-36-04-00_browser.json')) as { samples: { id: string | number; epoch: number }[] };
  const files: Record<string, Uint8Array> = { 'header.json': strToU8(JSON.stringify(header)), '_journal/start.json': strToU8('{}') };
  for (const sample of samples) files[`samples/${sample.id}_epoch_${sample.epoch}.json`] = strToU8(JSON.stringify(sample));
  return zipSync(files);
}

describe('Inspect .eval archives', () => {
  it('recognises a zip and imports it like the JSON log it holds', () => {
    const archive = evalArchiveFromJsonLog();
    expect(isZipArchive(archive)).toBe(true);
    const converted = inspectEvalToJson(archive);
    if ('error' in converted) throw new Error(converted.error);
    const result = importText(converted.text, { fileName: 'log.eval' });
    expect(result.report.format).toBe('inspect-ai');
    expect(result.transcripts[0].messages).toHaveLength(10);
  });

  it('says so when a zip is not an Inspect log', () => {
    const converted = inspectEvalToJson(zipSync({ 'readme.txt': strToU8('hello') }));
    expect(converted).toEqual({ error: 'This zip archive is not an Inspect AI .eval log (it has no header.json).' });
  });

  it('says so when a zip is damaged', () => {
    const archive = evalArchiveFromJsonLog().slice(0, 200);
    expect('error' in inspectEvalToJson(archive)).toBe(true);
  });

  it('does not take plain text for a zip', () => {
    expect(isZipArchive(strToU8('{"messages": []}'))).toBe(false);
  });
});
