import type { Transcript } from '../../transcript/model';
import type { ImportIssue } from '../import-report';
import type { ImportContext, Importer, ImporterOutput } from '../importer';
import type { ParsedDocument } from '../parse-document';
import { isMessageDict, isSerializedMessage } from './langchain-entries';
import { readLangChainMessages } from './langchain-messages';
import { isClearlyOwnList, type EntryShape } from '../entry-shape';
import { loggedUsageFrom } from '../usage';
import { asArray, asRecord } from '../shared';

const isEntry = (value: unknown): boolean => isSerializedMessage(value) || isMessageDict(value);

/**
 * A message in either serialization is this format's; a record shaped like one (`{lc:1, kwargs}` or `{type, data}`)
 * whose type or class is not a message's is a damaged one, skipped when read.
 */
function entryShape(record: Record<string, unknown>): EntryShape {
  if (isEntry(record)) return 'own';
  const isConstructorShaped = record.lc === 1 && asRecord(record.kwargs) !== undefined;
  const isDictShaped = Object.hasOwn(record, 'type') && asRecord(record.data) !== undefined;
  return isConstructorShaped || isDictShaped ? 'damaged' : 'foreign';
}

/** An inner list as LangSmith nests them: it holds at least one message among its first 20 entries. */
function isBatch(value: unknown): value is unknown[] {
  return Array.isArray(value) && value.slice(0, 20).some(isEntry);
}

/**
 * A message list, or a list of lists as LangSmith nests them: the objects among the first 20 entries (and among
 * the first 20 of each inner list) decide, as `isClearlyOwnList` says; other values are damaged entries, skipped
 * when read.
 */
function isEntryList(value: unknown): boolean {
  const list = asArray(value);
  if (!list) return false;
  const flat = list.slice(0, 20).flatMap((entry) => (isBatch(entry) ? entry.slice(0, 20) : [entry]));
  return isClearlyOwnList(flat, flat.length, entryShape);
}

/** One conversation: its list, where it sits, and the generated reply LangSmith logs beside the inputs. */
interface LangChainRun {
  list: unknown[];
  path: string;
  runLabel?: string;
}

/** The lists of a document: one, or one per inner list when LangSmith batched several prompts. */
function findRuns(value: unknown, warnings: ImportIssue[]): LangChainRun[] {
  if (isSerializedMessage(value)) return [{ list: [value], path: '' }];
  const record = asRecord(value);
  const inputs = asRecord(record?.inputs);
  const list = asArray(value) ?? asArray(record?.messages) ?? asArray(inputs?.messages) ?? [];
  const path = Array.isArray(value) ? '' : record?.messages !== undefined ? 'messages' : 'inputs.messages';
  const generations = asArray(asRecord(record?.outputs)?.generations) ?? [];
  const reply = (runIndex: number): unknown[] => {
    const message = asRecord(asArray(generations[runIndex])?.[0])?.message;
    return message !== undefined ? [message] : [];
  };
  if (!list.some(isBatch)) return [{ list: [...list, ...reply(0)], path }];
  if (!list.every(isBatch)) warnings.push({ message: 'mix of nested lists and messages; nested lists read as separate runs', path });
  const nested = list.filter(isBatch);
  return nested.map((inner, runIndex) => ({
    list: [...inner, ...reply(runIndex)],
    path: `${path}[${list.indexOf(inner)}]`,
    ...(nested.length > 1 ? { runLabel: `batch ${runIndex + 1}` } : {}),
  }));
}

/**
 * LangChain / LangSmith messages: `messages_to_dict` output (`[{type, data}]`), serialized constructors
 * (`{lc:1, type:'constructor', id:[…,'AIMessage'], kwargs}`) alone or in lists, lists nested one level as LangSmith
 * logs them (several inner lists become several runs), and `{messages}` / `{inputs:{messages}, outputs}` wrappers.
 */
export const langchainImporter: Importer = {
  id: 'langchain',
  label: 'LangChain / LangSmith messages',
  detect(parsed: ParsedDocument): boolean {
    if (parsed.kind !== 'json') return false;
    const value = parsed.value;
    if (isSerializedMessage(value) || isEntryList(value)) return true;
    const record = asRecord(value);
    return isEntryList(record?.messages) || isEntryList(asRecord(record?.inputs)?.messages);
  },
  read(parsed: ParsedDocument, context: ImportContext): ImporterOutput {
    const output: ImporterOutput = { transcripts: [], errors: [], warnings: [] };
    if (parsed.kind !== 'json') return { ...output, errors: [{ message: 'expected one JSON value' }] };
    const runs = findRuns(parsed.value, output.warnings);
    for (const run of runs) {
      const conversation = readLangChainMessages(run.list, run.path);
      output.errors.push(...conversation.errors);
      output.warnings.push(...conversation.warnings);
      const loggedUsage = loggedUsageFrom(conversation.messages, 'sum of usage_metadata per AI message; context = input_tokens (cache reads included) of the last');
      const lastModel = [...conversation.messages].reverse().find((message) => message.model)?.model;
      const baseId = `langchain:${context.fileName ?? 'input'}`;
      const transcript: Transcript = {
        id: run.runLabel ? `${baseId}#${run.runLabel}` : baseId,
        source: { format: 'langchain', fileName: context.fileName, ...(run.runLabel ? { runLabel: run.runLabel } : {}) },
        messages: conversation.messages,
        markers: [],
        meta: { ...(lastModel ? { model: lastModel } : {}), ...(loggedUsage ? { loggedUsage } : {}) },
      };
      if (conversation.system) transcript.system = conversation.system;
      output.transcripts.push(transcript);
    }
    return output;
  },
};
