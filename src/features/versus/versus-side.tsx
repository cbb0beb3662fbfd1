import type { NeededFact, VersusSide } from '../../engine';
import { CollapsibleText } from '../../ui/collapsible-text';
import { formatInteger } from '../../ui/format';
import { Term } from '../../ui/term';
import type { ContextMessageText } from '../../worker-client/versus-protocol';
import { holdsText, keptFromText, needRetentionText, summaryOnlyText, timesAgentText } from './versus-format';

/** Facts can be whole error messages: show a line's worth and keep the rest in the tooltip. */
const SHOWN_CHARACTERS = 200;

/** The most messages a lost fact links to; the rest are counted. */
const SHOWN_USES = 4;

/** What one column shows: its title, the engine's measures, its context as text, and how to show a message. */
export interface VersusSideProps {
  title: string;
  side: VersusSide;
  context: readonly ContextMessageText[];
  /** Tokens in words beside the figure: the basis, and for the agent the summary's own share. */
  tokensNote: string;
  /** The agent's summary tokens, the figure the profile's tokens are given as a multiple of; absent on the agent's own side. */
  agentSummaryTokens?: number;
  indexOf: ReadonlyMap<string, number>;
  onShowMessage(index: number): void;
  /** True when the source redacted the text: retention and next actions then measure nothing, and say so. */
  isRedacted: boolean;
}

/** One needed fact the context lost, with a button per message where the agent used it after the boundary. */
function LostFact({ fact, indexOf, onShowMessage }: { fact: NeededFact } & Pick<VersusSideProps, 'indexOf' | 'onShowMessage'>) {
  const shown = fact.text.length > SHOWN_CHARACTERS ? `${fact.text.slice(0, SHOWN_CHARACTERS)}…` : fact.text;
  const uses = fact.usedAt.flatMap((id) => indexOf.get(id) ?? []);
  return (
    <li className="lost-fact">
      <span className="versus-category">{fact.category}</span> <code title={fact.text}>{shown}</code> <span className="muted">used at</span>{' '}
      {uses.slice(0, SHOWN_USES).map((index) => (
        <button key={index} type="button" className="link-button" onClick={() => onShowMessage(index)} aria-label={`Show message ${index + 1}, where the agent used “${shown}”, in the Original transcript tab`}>
          message {formatInteger(index + 1)}
        </button>
      ))}
      {uses.length > SHOWN_USES && <span className="muted"> and {formatInteger(uses.length - SHOWN_USES)} more</span>}
    </li>
  );
}

/**
 * One side of the comparison: its compacted context as text (never HTML), its tokens (and their multiple of the agent's
 * summary on the profile's side, so sizes compare at a glance), the needed facts it kept (and its summary's alone),
 * the agent's next actions it names, and the needed facts it lost, each linked to where the agent used it.
 */
export function VersusSideView({ title, side, context, tokensNote, agentSummaryTokens, indexOf, onShowMessage, isRedacted }: VersusSideProps) {
  const { nextActions } = side;
  const multiple = agentSummaryTokens === undefined ? undefined : timesAgentText(side.tokens, agentSummaryTokens);
  const keptFrom = isRedacted ? undefined : keptFromText(side);
  return (
    <section className="versus-side" aria-label={title}>
      <h3>{title}</h3>
      <dl className="versus-figures">
        <div>
          <dt>Tokens</dt>
          <dd>
            <strong>{formatInteger(side.tokens)}</strong>
            {multiple && ` · ${multiple}`} <span className="muted">{tokensNote}</span>
          </dd>
        </div>
        <div>
          <dt>Holds</dt>
          <dd>{holdsText(side)}</dd>
        </div>
        <div>
          <dt><Term id="needed-facts">Needed facts kept</Term></dt>
          <dd>
            {needRetentionText(side, isRedacted)}
            {keptFrom && <span className="muted"> · {keptFrom}</span>}
          </dd>
        </div>
        <div>
          <dt>The summary alone</dt>
          <dd>{summaryOnlyText(side, isRedacted)}</dd>
        </div>
        <div>
          <dt>Next actions found</dt>
          <dd>{isRedacted ? 'cannot be measured: the source redacted the text' : `${formatInteger(nextActions.found)} of ${formatInteger(nextActions.total)}`}</dd>
        </div>
      </dl>
      {side.keptOnlyByAdded.length > 0 && (
        <>
          <h4>Kept only by messages added beside the summary ({formatInteger(side.keptOnlyByAdded.length)})</h4>
          <ul className="lost-facts" aria-label={`Needed facts only added messages hold in ${title}`}>
            {side.keptOnlyByAdded.map((fact, position) => (
              <LostFact key={`${fact.sourceMessageId}-${position}`} fact={fact} indexOf={indexOf} onShowMessage={onShowMessage} />
            ))}
          </ul>
        </>
      )}
      {isRedacted ? null : nextActions.actions.length > 0 && (
        <ul className="versus-actions" aria-label={`Next actions in ${title}`}>
          {nextActions.actions.map((action, position) => (
            <li key={`${action.messageId}-${position}`}>
              <span className={action.isInContext ? 'versus-found' : 'versus-missing'}>{action.isInContext ? 'found' : 'missing'}</span> {action.tool}{' '}
              <code title={action.target}>{action.target}</code>
            </li>
          ))}
        </ul>
      )}
      {isRedacted ? null : <h4>Needed facts lost ({formatInteger(side.lost.length)})</h4>}
      {isRedacted ? null : side.lost.length === 0 ? (
        <p className="muted">None: every fact the agent needed later is in this context.</p>
      ) : (
        <ul className="lost-facts versus-lost" aria-label={`Needed facts lost by ${title}`}>
          {side.lost.map((fact, position) => (
            <LostFact key={`${fact.sourceMessageId}-${position}`} fact={fact} indexOf={indexOf} onShowMessage={onShowMessage} />
          ))}
        </ul>
      )}
      <details className="versus-context" open>
        <summary>
          The context as text ({formatInteger(context.length)} message{context.length === 1 ? '' : 's'})
        </summary>
        {context.map((message) => (
          <article key={message.id} className="versus-message">
            <h5>
              {message.role} <span className="muted">({message.origin})</span>
            </h5>
            <CollapsibleText text={message.text} label={`${message.role} message ${message.id}`} />
          </article>
        ))}
      </details>
    </section>
  );
}
