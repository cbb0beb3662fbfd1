import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Endings of files the importers read, looked for inside directories: JSON and JSON Lines logs, SWE-agent `.traj`,
 * Inspect `.eval` archives, and plain-text or Markdown chats. A file named on the command line is taken whatever its
 * name, so an odd ending can still be given by hand.
 */
const transcriptEndings = ['.json', '.jsonl', '.ndjson', '.traj', '.eval', '.txt', '.md'];

/** The files `eval` will replay, and the operands it could not use (with the reason, in words). */
export interface EvalInputs {
  files: string[];
  skipped: { file: string; reason: string }[];
}

const isTranscriptName = (name: string): boolean => transcriptEndings.some((ending) => name.toLowerCase().endsWith(ending));

/** A file system error in words. */
function reasonOf(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  if (code === 'ENOENT') return 'no such file or directory';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  return `cannot be read (${typeof code === 'string' ? code : String(error)})`;
}

/**
 * Walks a directory depth-first in name order, collecting transcript files. Dotfiles and dot-directories (`.git`,
 * `.DS_Store`) are passed over, and a symbolic link to a directory is not followed, so a link cycle cannot loop.
 */
async function walk(directory: string, inputs: EvalInputs): Promise<void> {
  let entries;
  try {
    entries = await readdir(directory, { withFileTypes: true });
  } catch (error) {
    inputs.skipped.push({ file: directory, reason: reasonOf(error) });
    return;
  }
  entries.sort((first, second) => (first.name < second.name ? -1 : first.name > second.name ? 1 : 0));
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) await walk(full, inputs);
    else if (isTranscriptName(entry.name) && (entry.isFile() || (entry.isSymbolicLink() && (await isRegularFile(full))))) inputs.files.push(full);
  }
}

async function isRegularFile(file: string): Promise<boolean> {
  return stat(file).then((info) => info.isFile(), () => false);
}

/**
 * The operands as the files to replay: a file as it is, a directory expanded recursively into the transcript files
 * it holds. An operand that does not exist is recorded as skipped, never fatal; each file is listed once.
 */
export async function expandInputs(operands: readonly string[]): Promise<EvalInputs> {
  const inputs: EvalInputs = { files: [], skipped: [] };
  for (const operand of operands) {
    let info;
    try {
      info = await stat(operand);
    } catch (error) {
      inputs.skipped.push({ file: operand, reason: reasonOf(error) });
      continue;
    }
    if (info.isDirectory()) await walk(operand, inputs);
    else inputs.files.push(operand);
  }
  return { files: [...new Set(inputs.files)], skipped: inputs.skipped };
}
