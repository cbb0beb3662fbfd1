import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { maskSecretsIn } from '../engine/config';
import { UsageError } from './arguments';

/** The most a config file may weigh: far above any real one (a few kilobytes), far below what would stall the reader. */
export const maximumConfigBytes = 4 * 1024 * 1024;

/** The deepest nesting a config may have: a real one is about six levels (envelope, A/B side, providers, rung, field). */
export const maximumConfigDepth = 64;

/** Why a path that exists is not a file the CLI can read, in words. */
function notRegular(info: Stats): string {
  if (info.isDirectory()) return 'is a directory, not a file';
  if (info.isFIFO()) return 'is a named pipe (FIFO), not a regular file; the CLI reads only regular files, so save the input to a file first';
  if (info.isSocket()) return 'is a socket, not a regular file';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'is a device, not a regular file';
  return 'is not a regular file';
}

/** A file system error in words, without the raw `ENOENT: no such file or directory, open '…'` (which repeats the path). */
function describeOpenError(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'ENOTDIR') return 'a part of the path is not a directory';
  if (code === 'ELOOP') return 'too many symbolic links';
  return `cannot be read (${typeof code === 'string' ? code : error instanceof Error ? error.message : String(error)})`;
}

/** Reads a file the user named as UTF-8 text, a byte-order mark kept as a character (as Node's `readFile` keeps it); see `readUserBytes`. */
export async function readUserFile(file: string, maximumBytes: number): Promise<{ text: string; byteLength: number }> {
  const bytes = await readUserBytes(file, maximumBytes);
  return { text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes), byteLength: bytes.byteLength };
}

/**
 * Reads the bytes of a file the user named. Only a regular file is read: a directory, a named pipe (which would wait
 * forever for a writer), a socket or a device such as /dev/zero (endless) is refused at once, as is a file over
 * `maximumBytes`. The file is opened non-blocking and checked through the open handle, so a pipe cannot stall the
 * open itself and nothing can be swapped in between the check and the read. Every error is one line naming the file (exit 2).
 */
export async function readUserBytes(file: string, maximumBytes: number): Promise<Uint8Array> {
  let handle: FileHandle;
  try {
    handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    throw new UsageError(`${file}: ${describeOpenError(error)}`);
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new UsageError(`${file}: ${notRegular(info)}`);
    if (info.size > maximumBytes) throw new UsageError(`${file}: ${info.size} bytes exceeds the ${maximumBytes}-byte limit`);
    return new Uint8Array(await handle.readFile());
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`${file}: ${describeOpenError(error)}`);
  } finally {
    await handle.close();
  }
}

/**
 * The path of the first place a JSON value is nested deeper than `maximumDepth`, walked with its own stack (a value
 * 100,000 levels deep must not overflow the call stack); undefined when it is shallower. Long paths are cut in the middle.
 */
export function tooDeepAt(value: unknown, maximumDepth: number): string | undefined {
  const stack: { value: unknown; depth: number; path: string }[] = [{ value, depth: 0, path: '' }];
  while (stack.length > 0) {
    const { value: node, depth, path } = stack.pop() as { value: unknown; depth: number; path: string };
    if (typeof node !== 'object' || node === null) continue;
    if (depth >= maximumDepth) {
      // Masked before it is cut: a property name may be a key, and a key cut in two no longer looks like one.
      const shown = maskSecretsIn(path);
      return shown.length > 80 ? `${shown.slice(0, 40)}…${shown.slice(-40)}` : shown || '(root)';
    }
    const entries = Array.isArray(node) ? node.map((item: unknown, index) => [`[${index}]`, item] as const) : Object.entries(node).map(([key, item]) => [`${path === '' ? '' : '.'}${key}`, item] as const);
    for (const [step, item] of entries) stack.push({ value: item, depth: depth + 1, path: `${path}${step}` });
  }
  return undefined;
}

/** What a JSON document is, for a message: `null`, `an array`, `a number`. */
function kindOfJson(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

/** The first line of a JSON.parse error, which names the position of what is wrong. */
export function jsonErrorOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0];
}

/**
 * Reads a config file as a JSON object: a file that is not JSON, is nested deeper than a config can be, or is not an
 * object (`[]`, `42`, `null`) is refused in one line naming the file (and the field, for nesting), with
 * `invalidExitCode` (2 where the config is input to a run, 1 where checking it is the command's whole job).
 */
export async function readConfigObject(file: string, invalidExitCode = 2): Promise<Record<string, unknown>> {
  const { text } = await readUserFile(file, maximumConfigBytes);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${file}: not JSON: ${jsonErrorOf(error)}`, invalidExitCode);
  }
  const deep = tooDeepAt(value, maximumConfigDepth);
  if (deep !== undefined) throw new UsageError(`${file}: ${deep}: nested more than ${maximumConfigDepth} levels deep; a config is never that deep`, invalidExitCode);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new UsageError(`${file}: a config is a JSON object ({"profile": …}), not ${kindOfJson(value)}`, invalidExitCode);
  }
  return value as Record<string, unknown>;
}
