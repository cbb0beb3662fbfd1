import type { EncodingName } from '../engine';
import { UsageError } from './arguments';

/** Encodings the commands count in. */
const cliEncodings: readonly EncodingName[] = ['o200k_base', 'cl100k_base'];

/** The `--encoding` option, o200k_base when absent; anything else is a usage error naming the choices. */
export function readEncoding(option: string | true | undefined): EncodingName {
  const encoding = (option ?? 'o200k_base') as EncodingName;
  if (!cliEncodings.includes(encoding)) throw new UsageError(`unknown encoding "${String(encoding)}"; use one of ${cliEncodings.join(', ')}`);
  return encoding;
}
