import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { promptSlotsOf, withValueAt, type ConfigDocument } from '../../engine/config';
import type { ProfileId } from '../../engine/profiles/meta';
import { configSchemaQuery } from '../../worker-client/queries';
import type { ConfigIssue } from '../../engine';
import { SchemaField, type FormContext } from './schema-field';
import { fieldSpecs } from './schema-fields';

/** Groups issue messages by path so each field finds its own. */
function issuesByPath(issues: readonly ConfigIssue[]): Map<string, string[]> {
  const grouped = new Map<string, string[]>();
  for (const issue of issues) grouped.set(issue.path, [...(grouped.get(issue.path) ?? []), issue.message]);
  return grouped;
}

/**
 * The profile's parameters as a form generated from the JSON Schema the worker derives from the engine's zod schema.
 * Every edit rewrites the config document; a blank field leaves the parameter to the seed's default.
 */
export function ConfigForm({ profile, document, issues, onDocument }: {
  profile: ProfileId;
  document: ConfigDocument;
  issues: readonly ConfigIssue[];
  onDocument(document: ConfigDocument): void;
}) {
  const schema = useQuery(configSchemaQuery(profile));
  const promptPaths = useMemo(() => new Set(promptSlotsOf(profile).map((slot) => slot.path.join('.'))), [profile]);
  const grouped = useMemo(() => issuesByPath(issues), [issues]);
  if (schema.isPending) return <p className="muted" role="status">Reading the profile’s parameters…</p>;
  if (schema.isError) return <p className="alert" role="alert">Could not read the profile’s parameters: {schema.error.message}</p>;
  const context: FormContext = { document, issues: grouped, promptPaths, write: (path, value) => onDocument(withValueAt(document, path, value)) };
  return (
    <div className="config-form" aria-label="Config form" role="group">
      {fieldSpecs(schema.data).map((spec) => <SchemaField key={spec.name} spec={spec} path={[spec.name]} context={context} />)}
    </div>
  );
}
