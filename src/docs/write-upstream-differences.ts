/** `npm run docs`: rewrites the README's list of where each profile differs from its upstream code. */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { upstreamMarkers, withUpstreamDifferences } from '../engine';

const readmePath = path.join(import.meta.dirname, '..', '..', 'README.md');
const updated = withUpstreamDifferences(readFileSync(readmePath, 'utf8'));
if (updated === undefined) {
  process.stderr.write(`README.md: the markers ${upstreamMarkers.start} and ${upstreamMarkers.end} are missing\n`);
  process.exit(1);
}
writeFileSync(readmePath, updated);
