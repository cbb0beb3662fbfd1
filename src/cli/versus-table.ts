import { factCategories, flaggedOutcome } from '../engine';
import type { LostFactOutput, VersusOutput, VersusSideOutput } from './versus-output';
import { numberFormat } from './number-format';

const number = numberFormat();

/** Facts can be whole error messages: a line's worth is shown. */
const shownCharacters = 120;

/** Said instead of a measure when the source redacted the text, as the page says it. */
const unmeasured = 'cannot be measured (text redacted)';

/** `70.0% (14 of 20)`, a dash when the agent needed none of the compacted part's facts, or that the text is redacted. */
function retentionCell(side: VersusSideOutput, isRedacted: boolean): string {
  if (isRedacted) return unmeasured;
  return side.nothingNeeded ? '— (nothing needed)' : `${(side.needRetention * 100).toFixed(1)}% (${side.kept} of ${side.needed})`;
}

/** `55.0% (11 of 20), 1,204 tokens`: the summary message(s) alone against the same needed facts, or that there is none. */
function summaryOnlyCell(side: VersusSideOutput, isRedacted: boolean): string {
  const { summaryOnly } = side;
  if (summaryOnly.messages === 0) return 'no summary message';
  if (isRedacted) return unmeasured;
  const tokens = `${number.format(summaryOnly.tokens)} tokens`;
  return side.nothingNeeded ? `— (nothing needed), ${tokens}` : `${(summaryOnly.needRetention * 100).toFixed(1)}% (${summaryOnly.kept} of ${side.needed}), ${tokens}`;
}

/** `1 summary + 5 added`: which messages a context holds, by part (parts it holds none of left out). */
function holdsCell(side: VersusSideOutput): string {
  const { summary, kept, added } = side.holds;
  const parts = [summary > 0 ? `${summary} summary` : '', kept > 0 ? `${kept} kept` : '', added > 0 ? `${added} added` : ''].filter(Boolean);
  return parts.join(' + ') || 'nothing';
}

/** `3 summary, 1 added`: where the needed facts a context holds were found first, or a dash when it holds none. */
function keptFromCell(side: VersusSideOutput): string {
  const parts = (['summary', 'kept', 'added', 'system'] as const).flatMap((source) => (side.keptFrom[source] > 0 ? [`${side.keptFrom[source]} ${source === 'system' ? 'system prompt' : source}`] : []));
  return parts.join(', ') || '—';
}

/** `7.44×`: a side's tokens as a multiple of the agent's summary, or a dash when that summary counts none. */
const multipleCell = (side: VersusSideOutput): string => (side.tokensTimesAgent === null ? '—' : `${side.tokensTimesAgent.toFixed(2)}×`);

/** Rows of cells padded into columns, the first left-aligned. */
function columns(rows: readonly string[][]): string[] {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column])).join('  ').trimEnd());
}

/** "used at message 301, 320" (the first few, and how many more). */
function usedAt(fact: LostFactOutput): string {
  const shown = fact.usedAtMessages.slice(0, 5).map((message) => number.format(message));
  const more = fact.usedAtMessages.length > shown.length ? ` and ${fact.usedAtMessages.length - shown.length} more` : '';
  return `used at message${fact.usedAtMessages.length === 1 ? '' : 's'} ${shown.join(', ')}${more}`;
}

/** The needed facts only a message added beside the summary holds (hook output, re-attached files), one line each. */
function addedLines(label: string, side: VersusSideOutput): string[] {
  if (side.keptOnlyByAdded.length === 0) return [];
  const lines = ['', `${label} holds ${side.keptOnlyByAdded.length} needed fact${side.keptOnlyByAdded.length === 1 ? '' : 's'} only in messages added beside its summary, not in the summary:`];
  for (const fact of side.keptOnlyByAdded) {
    const text = fact.text.length > shownCharacters ? `${fact.text.slice(0, shownCharacters)}…` : fact.text;
    lines.push(`  ${fact.category.padEnd(10)} ${text.replace(/\s+/g, ' ')}  (${usedAt(fact)})`);
  }
  return lines;
}

/** A side's lost needed facts, one line each with where the agent used it. */
function lostLines(label: string, side: VersusSideOutput): string[] {
  if (side.lost.length === 0) return [`${label} lost none of the needed facts`];
  const lines = [`${label} lost ${side.lost.length} of the ${side.needed} needed facts:`];
  for (const fact of side.lost) {
    const text = fact.text.length > shownCharacters ? `${fact.text.slice(0, shownCharacters)}…` : fact.text;
    lines.push(`  ${fact.category.padEnd(10)} ${text.replace(/\s+/g, ' ')}  (${usedAt(fact)})`);
  }
  return lines;
}

/**
 * What the profile's run really did when its flags say it was no plain success (`replaced nothing: …`, `history wiped:
 * …`), with each flag's message; nothing for a plain outcome.
 */
function outcomeLines(flags: VersusOutput['run']['flags']): string[] {
  const flagged = flaggedOutcome(flags);
  if (!flagged) return [];
  const messages = flags.filter((flag) => flag.kind === 'replaced-nothing' || flag.kind === 'history-wiped').map((flag) => flag.message);
  return [`outcome of the profile's run: ${flagged.words} — ${messages.join(' ')}`];
}

/**
 * The human-readable form of `versus`: which compaction and how the profile's side was made, which side holds messages
 * added beside its summary, then both sides in two columns (tokens and their multiple of the agent's summary,
 * need-weighted retention overall, of the summary alone and by category, next actions found), each next action, and
 * the needed facts each side lost with the messages where the agent used them.
 */
export function formatVersusTable(output: VersusOutput): string {
  const { boundary, agent, profile, basis, run } = output;
  const compaction = output.compactions.find((listed) => listed.ordinal === boundary.index);
  const kind = compaction ? ` (${[compaction.kind, compaction.trigger].filter(Boolean).join(', ')})` : '';
  const lines = [
    `against the agent's own compaction: compaction ${boundary.index} of ${output.compactions.length}${kind}, before message ${number.format(boundary.atMessage + 1)}`,
    `profile: ${run.profile} (summarizer: ${run.summarizer}); ${basis.note}`,
    ...outcomeLines(run.flags),
    `basis: ${basis.description}; need-weighted retention = the share of the compacted part's facts the agent used again after the boundary that each context still holds`,
    "holds: a context's messages — its summary, history kept from before the boundary, and messages added beside the summary (hook output, local commands, re-attached files)",
    `added: ${output.addedNote}`,
    ...(output.redaction ? [`redacted: ${output.redaction.note}`] : []),
    '',
  ];
  const isRedacted = output.redaction !== null;
  const rows = [
    ['', "agent's context", run.profile],
    ['tokens', number.format(agent.tokens), number.format(profile.tokens)],
    ["× the agent's summary", multipleCell(agent), multipleCell(profile)],
    ['holds (messages)', holdsCell(agent), holdsCell(profile)],
    ['need-weighted retention', retentionCell(agent, isRedacted), retentionCell(profile, isRedacted)],
    ['  the summary alone', summaryOnlyCell(agent, isRedacted), summaryOnlyCell(profile, isRedacted)],
  ];
  // Redacted text leaves only the facts and actions that survived in readable fields: counting them would pass a
  // fragment off as a measure, so the page and the table show none of them.
  if (!isRedacted) {
    for (const category of factCategories) {
      const [mine, theirs] = [agent.byCategory[category], profile.byCategory[category]];
      if (mine.total > 0) rows.push([`  ${category}`, `${mine.kept} of ${mine.total}`, `${theirs.kept} of ${theirs.total}`]);
    }
    rows.push(['  kept facts found in', keptFromCell(agent), keptFromCell(profile)]);
  }
  const actionsCell = (side: VersusSideOutput): string => (isRedacted ? unmeasured : `${side.nextActions.found} of ${side.nextActions.total}`);
  rows.push(['next actions found', actionsCell(agent), actionsCell(profile)]);
  lines.push(...columns(rows));
  if (!isRedacted && agent.nextActions.actions.length > 0) {
    lines.push('', "the agent's next actions (its first tool calls after the boundary) and whether each context names their target:");
    const actions = agent.nextActions.actions.map((action, index) => {
      const found = (isInContext: boolean | undefined) => (isInContext ? 'found' : 'missing');
      return [`  ${action.tool}`, action.target.length > shownCharacters ? `${action.target.slice(0, shownCharacters)}…` : action.target, `agent ${found(action.isInContext)}`, `profile ${found(profile.nextActions.actions[index]?.isInContext)}`];
    });
    lines.push(...columns(actions));
  }
  if (isRedacted) return lines.join('\n');
  lines.push(...addedLines("the agent's context", agent), ...addedLines(run.profile, profile));
  lines.push('', ...lostLines("the agent's context", agent), '', ...lostLines(run.profile, profile));
  return lines.join('\n');
}
