import { strToU8, zipSync } from 'fflate';
import { evalArchiveFromJsonLog } from './inspect-eval-archive.test-support';
import { describe, expect, it } from 'vitest';
import { importText } from '../engine';
import { isZipArchive } from './import-bytes';
import { inspectEvalToJson } from './inspect-eval-archive';

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
