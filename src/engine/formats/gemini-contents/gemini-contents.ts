import type { Block, Message, Origin, Role, Transcript } from '../../transcript/model';
import type { ImportIssue } from '../import-report';
import type { ImportContext, Importer, ImporterOutput } from '../importer';
import type { ParsedDocument } from '../parse-document';
import { convertGeminiPart, GeminiCallLinker, geminiUsage } from './gemini-contents-parts';
import { isClearlyOwnList, type EntryShape } from '../entry-shape';
import { loggedUsageFrom, TokenFigures } from '../usage';
import { asArray, asRecord, asString, describeValue } from '../shared';
import { geminiStops, readStop } from '../stop-reason';

const FOREIGN_KEYS = ['messages', 'trajectory', 'history', 'samples', 'sessionId', 'lc', 'payload'];

/** The roles a `Content` may carry (none means user); any other value is damaged and its content skipped when read. */
const CONTENT_ROLES = new Set(['user', 'model', 'function', 'system']);

/**
 * A `Content` has `parts`: a list with a known role (or none) is this format's; any other role, or `parts` that is
 * present but no list (a string, a number, an object), is a damaged one, which costs only itself.
 */
function contentShape(content: Record<string, unknown>): EntryShape {
  if (content.parts === undefined) return 'foreign';
  const hasKnownRole = content.role === undefined || CONTENT_ROLES.has(asString(content.role) ?? '');
  return hasKnownRole && Array.isArray(content.parts) ? 'own' : 'damaged';
}

/**
 * The parts of a content whose `parts` is a list, or what a damaged one still says: a lone part object or a string
 * is read as a one-part list (with a warning); anything else has no parts to read (an error), and the content is skipped.
 */
function partsOf(parts: unknown, path: string, issues: { errors: ImportIssue[]; warnings: ImportIssue[] }): unknown[] | undefined {
  if (Array.isArray(parts)) return parts;
  const where = { path: `${path}.parts` };
  if (typeof parts === 'string' || asRecord(parts)) {
    issues.warnings.push({ message: `parts is ${typeof parts === 'string' ? 'a string' : 'an object'}, not a list; read as one part`, ...where });
    return [typeof parts === 'string' ? { text: parts } : parts];
  }
  issues.errors.push({ message: `parts is ${describeValue(parts)}, not a list of parts; content skipped`, ...where });
  return undefined;
}

/** Among the first 50 objects: contents, at most a few with a damaged role (see `isClearlyOwnList`). */
function isContentList(value: unknown): boolean {
  return isClearlyOwnList(asArray(value) ?? [], 50, contentShape);
}

function systemFrom(value: unknown): Message | undefined {
  const parts = typeof value === 'string' ? [{ text: value }] : asArray(asRecord(value)?.parts);
  const texts = (parts ?? []).map((part) => asString(asRecord(part)?.text) ?? '').filter((text) => text !== '');
  if (texts.length === 0) return undefined;
  return { id: 'system-instruction', role: 'system', origin: 'injected', blocks: texts.map((text) => ({ kind: 'text', text })), sourceRef: {}, raw: value };
}

/**
 * Google Gemini `generateContent` conversations: `{systemInstruction?, contents}` (optionally with the response's
 * `candidates` and `usageMetadata`), or a bare `Content[]` such as a Gemini CLI `/chat save` checkpoint. A user
 * content holding function responses is split into a tool message and a user message, as for Anthropic. A content
 * whose role is none of user/model/function/system is skipped with a located error.
 */
export const geminiContentsImporter: Importer = {
  id: 'gemini-contents',
  label: 'Google Gemini contents',
  detect(parsed: ParsedDocument): boolean {
    if (parsed.kind !== 'json') return false;
    if (Array.isArray(parsed.value)) return isContentList(parsed.value);
    const record = asRecord(parsed.value);
    return record !== undefined && !FOREIGN_KEYS.some((key) => record[key] !== undefined) && isContentList(record.contents);
  },
  read(parsed: ParsedDocument, context: ImportContext): ImporterOutput {
    const errors: ImportIssue[] = [];
    const warnings: ImportIssue[] = [];
    if (parsed.kind !== 'json') return { transcripts: [], errors: [{ message: 'expected one JSON value' }], warnings };
    const record = asRecord(parsed.value);
    const contents = [...(asArray(parsed.value) ?? asArray(record?.contents) ?? [])];
    const prefix = Array.isArray(parsed.value) ? '' : 'contents';
    const reply = asRecord(asRecord(asArray(record?.candidates)?.[0])?.content);
    if (reply) contents.push(reply);
    const linker = new GeminiCallLinker();
    const messages: Message[] = [];
    contents.forEach((entry, index) => {
      const path = reply && index === contents.length - 1 ? 'candidates[0].content' : `${prefix}[${index}]`;
      const content = asRecord(entry);
      if (!content) {
        errors.push({ message: 'content is not an object; skipped', path });
        return;
      }
      if (content.role !== undefined && !CONTENT_ROLES.has(asString(content.role) ?? '')) {
        // Read as a user turn, a damaged model reply would be put in the user's mouth: it costs only itself.
        errors.push({ message: `role is ${describeValue(content.role)}, not user/model/function/system; content skipped`, path: `${path}.role` });
        return;
      }
      const parts = partsOf(content.parts, path, { errors, warnings });
      if (!parts) return;
      const role = asString(content.role) ?? 'user';
      const results: Block[] = [];
      const others: Block[] = [];
      parts.forEach((part, partIndex) => {
        const converted = convertGeminiPart(part, linker, { path: `${path}.parts[${partIndex}]` });
        if (converted.unknownKeys) warnings.push({ message: `part with unknown keys (${converted.unknownKeys}) skipped`, path: `${path}.parts[${partIndex}]` });
        if (converted.block) (converted.isResult ? results : others).push(converted.block);
      });
      const push = (messageRole: Role, origin: Origin, blocks: Block[], piece: number): Message => {
        const message: Message = { id: piece === 0 ? `content-${index}` : `content-${index}-${piece}`, role: messageRole, origin, blocks, sourceRef: { index }, raw: entry };
        messages.push(message);
        return message;
      };
      if (role === 'model') {
        const message = push('assistant', 'model', [...others, ...results], 0);
        const isReply = reply !== undefined && index === contents.length - 1;
        const figures = new TokenFigures();
        const usage = isReply ? geminiUsage(record?.usageMetadata, figures) : undefined;
        warnings.push(...figures.issues({ path: 'usageMetadata' }));
        if (usage) message.usage = usage;
        const stop = isReply ? readStop(asRecord(asArray(record?.candidates)?.[0])?.finishReason, geminiStops) : undefined;
        if (stop) message.stop = stop;
        return;
      }
      if (role !== 'user' && role !== 'function') warnings.push({ message: `role "${role}" read as user`, path: `${path}.role` });
      if (results.length > 0) push('tool', 'tool', results, 0);
      if (others.length > 0 || results.length === 0) push('user', 'human', others, results.length > 0 ? 1 : 0);
    });
    warnings.push(...linker.reuseWarnings());
    if (linker.hasSynthesized) {
      warnings.push({ message: 'function calls/responses without ids were paired by name and order; ids were synthesized (gemini-call-<n>)', path: prefix });
    }
    const loggedUsage = loggedUsageFrom(messages, 'usageMetadata of the response; context = promptTokenCount (cached included) + toolUsePromptTokenCount');
    const system = systemFrom(record?.systemInstruction ?? record?.system_instruction);
    const model = asString(record?.model) ?? asString(record?.modelVersion);
    const transcript: Transcript = {
      id: asString(record?.responseId) ?? `gemini-contents:${context.fileName ?? 'input'}`,
      source: { format: 'gemini-contents', fileName: context.fileName },
      messages,
      markers: [],
      meta: { ...(model ? { model } : {}), ...(loggedUsage ? { loggedUsage } : {}) },
    };
    if (system) transcript.system = system;
    return { transcripts: [transcript], errors, warnings };
  },
};
