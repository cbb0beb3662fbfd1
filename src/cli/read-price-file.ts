import type { PriceOverrides } from '../providers/prices/overrides';
import { readPriceTableAt } from '../providers/prices/price-table-input';
import { UsageError, type CommandLine } from './arguments';
import { jsonErrorOf, maximumConfigBytes, maximumConfigDepth, readUserFile, tooDeepAt } from './read-input-file';

/**
 * `--prices FILE`: the user's price overrides (the page's shape: model id → `{inputPerMillion, outputPerMillion,
 * cacheReadPerMillion?, cacheWritePerMillion?, cacheWriteHourPerMillion?}`, US dollars per million tokens) laid over
 * the catalog. Undefined without the option. A file that cannot be read, is not JSON, or holds a table this build
 * cannot read is refused before anything runs, in one line naming the file and the field (exit 2).
 */
export async function readPricesOption(line: CommandLine): Promise<PriceOverrides | undefined> {
  const file = line.options.get('prices');
  if (file === undefined) return undefined;
  if (file === true) throw new UsageError('--prices needs a file: --prices prices.json');
  const { text } = await readUserFile(file, maximumConfigBytes);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${file}: not JSON: ${jsonErrorOf(error)}`);
  }
  const deep = tooDeepAt(value, maximumConfigDepth);
  if (deep !== undefined) throw new UsageError(`${file}: ${deep}: nested more than ${maximumConfigDepth} levels deep; a price table is never that deep`);
  const reading = readPriceTableAt(value);
  if (!reading.ok) throw new UsageError(`${file}: ${reading.field}: ${reading.problem}; nothing ran (a price table is {"model-id": {"inputPerMillion": 3, "outputPerMillion": 15}})`);
  return reading.table;
}
