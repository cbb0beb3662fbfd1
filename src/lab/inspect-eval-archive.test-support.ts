import { strToU8, zipSync } from 'fflate';
import { readFixture } from '../engine/formats/fixture-files.test-support';

/** Builds an `.eval` archive the way Inspect lays one out, from the project's real `.json` log. */
export function evalArchiveFromJsonLog(): Uint8Array {
  const { samples, ...header } = JSON.parse(readFixture('inspect-ai__2025-05-12T20-27-36-04-00_browser.json')) as { samples: { id: string | number; epoch: number }[] };
  const files: Record<string, Uint8Array> = { 'header.json': strToU8(JSON.stringify(header)), '_journal/start.json': strToU8('{}') };
  for (const sample of samples) files[`samples/${sample.id}_epoch_${sample.epoch}.json`] = strToU8(JSON.stringify(sample));
  return zipSync(files);
}

