/**
 * `npm test`'s first step: the suite must run on the Node the project declares (`engines.node`). Inside npm scripts
 * `node` is the one the `node` dev dependency installs (node_modules/.bin comes first on PATH), so a machine whose own
 * Node is older still runs the suite on the declared version; this says which Node ran it, and fails if it is too old.
 */
import { readFileSync } from 'node:fs';

const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
const required = /^>=(\d+)$/.exec(manifest.engines?.node ?? '');
if (!required) {
  process.stderr.write(`package.json: engines.node must read ">=<major>", not ${JSON.stringify(manifest.engines?.node)}\n`);
  process.exit(2);
}
const major = Number(process.versions.node.split('.')[0]);
if (major < Number(required[1])) {
  process.stderr.write(`Node ${process.version} at ${process.execPath} is older than engines.node ${required[0]}: run the suite through npm (npm test), which puts the Node that npm ci installs (the node dev dependency) first on PATH\n`);
  process.exit(1);
}
process.stdout.write(`Node ${process.version} (${process.execPath}) meets engines.node ${required[0]}\n`);
