import type { ConfigIssue } from '../issues';
import { parseLabConfig } from './lab-config';
import { promptSlots, unknownVariables, upstreamPlaceholderProblem } from './prompt-catalog';
import { configOfEnvelope, type ShareEnvelope } from './share-envelope';

function joined(prefix: string, path: string): string {
  if (path === '(root)') return prefix === '' ? path : prefix.slice(0, -1);
  return `${prefix}${path}`;
}

/** An issue of a carried config, at its path inside the envelope. */
function located(issue: ConfigIssue, prefix: string): ConfigIssue[] {
  return [{ path: joined(prefix, issue.path), message: issue.message }];
}

function prefixed(issues: readonly ConfigIssue[], prefix: string): ConfigIssue[] {
  return issues.flatMap((issue) => located(issue, prefix));
}

/** A config document as the engine validates it; `providers` is the CLI's own field (names of key variables, never keys). */
function configIssues(document: Record<string, unknown>, prefix: string): ConfigIssue[] {
  const engineDocument = { ...document };
  delete engineDocument.providers;
  const parsed = parseLabConfig(engineDocument);
  return 'issues' in parsed ? prefixed(parsed.issues, prefix) : [];
}

/**
 * Everything the engine would refuse in a read envelope: each carried config against its profile's strict schema,
 * and `{{variables}}` a prompt slot does not fill. Paths are the document's own: a bare config document (`fromVersion`
 * 0) has no `config.` or `prompts.` wrapper, so its issues name the fields where its author wrote them.
 */
export function validateShareEnvelope(envelope: ShareEnvelope, fromVersion: number): ConfigIssue[] {
  const isBare = fromVersion === 0;
  const issues = configIssues(configOfEnvelope(envelope), isBare ? '' : 'config.');
  for (const [id, text] of Object.entries(envelope.prompts ?? {})) {
    const slot = promptSlots.find((candidate) => candidate.id === id);
    if (!slot) continue;
    const upstream = upstreamPlaceholderProblem(slot, text);
    if (upstream) issues.push({ path: isBare ? slot.path.join('.') : `prompts.${id}`, message: upstream });
    const unknown = unknownVariables(slot, text);
    if (unknown.length === 0) continue;
    const allowed = slot.variables.length > 0 ? `this prompt may use ${slot.variables.map((name) => `{{${name}}}`).join(', ')}` : 'this prompt takes no variables';
    issues.push({ path: isBare ? slot.path.join('.') : `prompts.${id}`, message: `unknown variable ${unknown.map((name) => `{{${name}}}`).join(', ')}: it would reach the model as literal braces; ${allowed}` });
  }
  if (envelope.ab) issues.push(...configIssues(envelope.ab.a, 'ab.a.'), ...configIssues(envelope.ab.b, 'ab.b.'));
  return issues;
}
