import type { ConfigIssue } from '../issues';
import { parseLabConfig } from './lab-config';
import { promptProblems } from './document/prompt-problems';
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

/** Where an envelope holds each prompt problem: its `prompts.<slot>` entry, or the config's own field. */
function promptIssues(document: Record<string, unknown>, prefix: string, overrides: Readonly<Record<string, string>> = {}): ConfigIssue[] {
  return promptProblems(document).map((problem) => ({ path: problem.slotId in overrides ? `prompts.${problem.slotId}` : `${prefix}${problem.path}`, message: problem.message }));
}

/**
 * Everything the engine would refuse in a read envelope: each carried config against its profile's strict schema,
 * and the prompt problems every surface refuses (`promptProblems`: a `{{variable}}` or upstream placeholder the slot
 * does not fill). Paths are the document's own: a bare config document (`fromVersion` 0) has no `config.` or
 * `prompts.` wrapper, so its issues name the fields where its author wrote them.
 */
export function validateShareEnvelope(envelope: ShareEnvelope, fromVersion: number): ConfigIssue[] {
  const isBare = fromVersion === 0;
  const config = configOfEnvelope(envelope);
  const issues = [...configIssues(config, isBare ? '' : 'config.'), ...promptIssues(config, isBare ? '' : 'config.', isBare ? {} : envelope.prompts)];
  if (envelope.ab) {
    for (const variant of ['a', 'b'] as const) issues.push(...configIssues(envelope.ab[variant], `ab.${variant}.`), ...promptIssues(envelope.ab[variant], `ab.${variant}.`));
  }
  return issues;
}
