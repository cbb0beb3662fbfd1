import type { ConfigIssue } from '../../engine';
import type { ConfigDocument, ConfigPair } from '../../engine/config';
import { useConfigStore } from '../../state/config-store';
import { runDocument, useRunDocument } from '../../state/run-document';
import { documentChanges } from './config-changes';

/** Changes listed before "and N more": the JSON below the plan shows everything. */
const listedChanges = 12;

function VariantChanges({ label, before, after, issues = [] }: { label: string; before?: ConfigDocument; after: ConfigDocument; issues?: ConfigIssue[] }) {
  // Both sides as they would run (the page's window where a document sets none), so only real differences show.
  const changes = before && documentChanges(before, runDocument(after));
  return (
    <div className="apply-variant" role="group" aria-label={label}>
      <h4>{label}</h4>
      {issues.length > 0 ? (
        <div className="alert" role="alert">
          <p>This variant cannot be applied:</p>
          <ul>{issues.map((issue, index) => <li key={index}><code>{issue.path}</code>: {issue.message}</li>)}</ul>
        </div>
      ) : changes === undefined ? (
        <p>Its config text is not a JSON object now; applying replaces it.</p>
      ) : changes.length === 0 ? (
        <p>No change: it holds this config already.</p>
      ) : (
        <ul>
          {changes.slice(0, listedChanges).map((change) => (
            <li key={change.path}>
              <code>{change.path}</code>: {change.before ?? 'not set'} → {change.after ?? 'removed'}
            </li>
          ))}
          {changes.length > listedChanges && <li>and {changes.length - listedChanges} more (the JSON below has them all)</li>}
        </ul>
      )}
    </div>
  );
}

/**
 * What pressing Apply would do to the page, per variant: A (the run panel's config) field by field, and B (the A/B
 * tab's variant B) when the config carries an A/B pair, or what keeps B from being applied; without one, says B is
 * left alone.
 */
export function ApplyPlan({ config, pair, pairIssues }: { config: ConfigDocument; pair?: ConfigPair; pairIssues?: ConfigIssue[] }) {
  const currentA = useRunDocument('config');
  const currentB = useRunDocument('variantB');
  const hasOwnB = useConfigStore((state) => state.variantB !== undefined);
  return (
    <section className="apply-plan" aria-label="What applying changes">
      <h3>What applying changes</h3>
      <VariantChanges label="A: the run panel's config" before={currentA} after={config} />
      {pair ? (
        <VariantChanges label="B: variant B in the A/B tab" before={currentB} after={pair.b} issues={pairIssues} />
      ) : (
        <p className="muted">This config has no A/B pair: {hasOwnB ? 'the A/B tab keeps its own variant B.' : "the A/B tab's variant B stays a copy of A."}</p>
      )}
    </section>
  );
}
