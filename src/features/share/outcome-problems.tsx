import type { SharedOutcome } from './shared-outcome';

/** Why a shared config cannot be applied, in words that name where: a damaged link, a secret, issues, a newer version. */
export function OutcomeProblems({ outcome }: { outcome: SharedOutcome }) {
  switch (outcome.kind) {
    case 'damaged':
      return <p className="alert" role="alert">This shared link cannot be opened: {outcome.message}. Ask for the link again, or for the config file.</p>;
    case 'secret':
      return (
        <div className="alert" role="alert">
          <p>Refused: this config holds what looks like a secret, so it is not shown or applied. Keys belong in the Summarizer settings, never in a config.</p>
          <ul>{outcome.lines.map((line) => <li key={line}>{line}</li>)}</ul>
        </div>
      );
    case 'invalid':
      return (
        <div className="alert" role="alert">
          <p>This is not a config this page can apply:</p>
          <ul>{outcome.issues.map((issue, index) => <li key={index}><code>{issue.path}</code>: {issue.message}</li>)}</ul>
        </div>
      );
    case 'read-only':
      return <p className="notice" role="status">{outcome.notice}</p>;
    case 'ok':
      return null;
  }
}
