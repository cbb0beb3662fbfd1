import { profileMeta, type ProfileId } from '../../engine/profiles/meta';
import { testsLabel } from '../../engine';

/** Text with `backticked` spans shown as code — as React text nodes, never parsed as HTML. */
function WithCode({ text }: { text: string }) {
  return <>{text.split('`').map((part, index) => (index % 2 === 1 ? <code key={index}>{part}</code> : part))}</>;
}

/**
 * Beside the profile picker: which upstream code the profile follows (repository, commit, files) and every place it
 * deliberately does not, each with what upstream does, what we do, why, and the test that pins it. Collapsed by
 * default; its summary says how many differences there are, so "reproduces" never reads as "identical".
 */
export function UpstreamDifferences({ profile }: { profile: ProfileId }) {
  const { relation, sources, deviations } = profileMeta[profile].upstream;
  const heading = relation === 'reproduces' ? 'Where this differs from upstream' : 'Where this differs from the upstream code it composes';
  return (
    <details className="upstream-differences">
      <summary>{heading} ({deviations.length})</summary>
      <p className="muted">
        {relation === 'reproduces' ? 'Makes the same decisions as ' : 'Composes '}
        {sources.map((source, index) => (
          <span key={source.repository}>
            {index > 0 ? (index === sources.length - 1 ? ' and ' : ', ') : ''}
            <code>{source.repository}</code> @ <code>{source.commit.slice(0, 8)}</code>
          </span>
        ))}
        {relation === 'reproduces' ? ', except:' : '; it departs from them here:'}
      </p>
      <p className="muted">
        Files read: {sources.flatMap((source) => source.files).map((file, index) => <span key={file}>{index > 0 ? ', ' : ''}<code>{file}</code></span>)}
      </p>
      <ol className="upstream-deviation-list" tabIndex={0} aria-label={heading}>
        {deviations.map((deviation) => (
          <li key={deviation.title}>
            <strong><WithCode text={deviation.title} /></strong>
            {deviation.test && <span className="muted"> ({testsLabel(deviation.test)})</span>}
            <dl>
              <dt>Upstream</dt>
              <dd><WithCode text={deviation.upstream} /></dd>
              <dt>Here</dt>
              <dd><WithCode text={deviation.ours} /></dd>
              <dt>Why</dt>
              <dd><WithCode text={deviation.why} /></dd>
            </dl>
          </li>
        ))}
      </ol>
    </details>
  );
}
