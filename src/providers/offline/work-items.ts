import { clipItem } from './bounded-items';
import type { ConversationFacts } from './conversation-facts';
import { tier, trimMiddle, type RankedItem } from './ranked-item';
import { commandCore, commandHeads, describeOutcome } from './action-words';
import type { WorkState } from './work-state';

// Commands an agent runs again after editing: tests, builds, type checks, linters, formatters.
const verificationCommand =
  /\b(?:test|tests|spec|build|compile|check|lint|typecheck|tsc|credo|format|fmt|vet|clippy|pytest|jest|vitest|mocha|rspec|phpunit|ctest|make)\b/;
/** Order of the last `git commit` (alone or chained after `git add`), -1 when there was none. */
function lastCommitOrder(state: WorkState): number {
  return state.commands.filter((command) => commandHeads(command.latest).includes('git commit')).reduce((latest, command) => Math.max(latest, command.last), -1);
}
const completionCommand = /^(?:git (?:commit|push|merge)|gh (?:pr|issue)|bd close)\b/;

/** A statement the assistant made near the end (within the last few actions): what it was doing or about to do. */
function recentIntent(facts: ConversationFacts): string | undefined {
  const last = facts.intents[facts.intents.length - 1];
  return last !== undefined && last.order >= facts.actions.length - 3 ? last.text : undefined;
}

/** The turn of the latest human message: actions with this turn came after it. */
function latestTurn(facts: ConversationFacts): number {
  return facts.humans.length;
}

/**
 * What was being done: the user's latest words, the files changed since, the last actions and how they went, and the
 * assistant's own last concrete statement — never a filler sentence (those name nothing and are not kept).
 */
export function currentWork(facts: ConversationFacts, state: WorkState): RankedItem[] {
  const items: RankedItem[] = [];
  const latest = facts.humans[facts.humans.length - 1];
  if (latest !== undefined) items.push({ text: `Latest user request: "${trimMiddle(latest, 300)}"`, rank: tier.now + 1, variants: [`Latest user request: "${trimMiddle(latest, 120)}"`] });
  // The files changed since the last commit, else since the latest request, else the last changed ones.
  const since = Math.max(lastCommitOrder(state), facts.actions.findIndex((action) => action.turn >= latestTurn(facts)));
  const changed = state.files.filter((file) => file.edits > 0);
  const changedNow = changed.filter((file) => file.last > since);
  const working = (changedNow.length > 0 ? changedNow : changed).slice(-5).map((file) => file.path);
  if (working.length > 0) items.push({ text: `Working on: ${working.join(', ')}`, rank: tier.now + 2, variants: [`Working on: ${working.slice(-2).join(', ')}`] });
  if (state.lastActions.length > 0) {
    items.push({ text: `Last actions: ${state.lastActions.join('; ')}`, rank: tier.now + 3, variants: [`Last action: ${state.lastActions[state.lastActions.length - 1]}`] });
  }
  const intent = recentIntent(facts);
  if (intent !== undefined) items.push({ text: `Was about to: ${intent}`, rank: tier.now + 4 });
  return items;
}

/**
 * The next step, from evidence: the plan's open item, the latest unresolved error, the assistant's own recent plan,
 * the checks it ran before its latest edits (run them again), and changes made since its last commit.
 */
export function nextSteps(facts: ConversationFacts, state: WorkState): RankedItem[] {
  const items: RankedItem[] = [];
  const [todo] = state.openTodos;
  if (todo !== undefined) items.push({ text: `Continue: ${clipItem(todo, 200)}`, rank: tier.now + 1 });
  const lastError = state.errors[state.errors.length - 1];
  if (lastError !== undefined && lastError.resolution === undefined && lastError.order >= state.lastChange) {
    items.push({ text: `Resolve: ${clipItem(lastError.text, 200)}${lastError.source ? ` (from \`${clipItem(lastError.source, 120)}\`)` : ''}`, rank: tier.now + 2 });
  }
  const intent = recentIntent(facts);
  if (intent !== undefined) items.push({ text: `Planned: ${intent}`, rank: tier.now + 3 });
  // A check is due again when no run of its program (`mix test`, whatever the arguments) came after the latest edit.
  const rerun = new Set(state.commands.filter((command) => command.last > state.lastChange).flatMap((command) => commandHeads(command.latest)));
  const checks = state.commands.filter((command) =>
    verificationCommand.test(command.core) && !/^git\b/.test(command.core) && command.last < state.lastChange && !commandHeads(command.latest).some((head) => rerun.has(head)));
  for (const [index, command] of checks.slice(-3).reverse().entries()) {
    items.push({ text: `Re-run \`${clipItem(command.latest, 160)}\` after the latest edits (last run${describeOutcome(command.outcome, true) || ': no result seen'})`, rank: tier.now + 4 + index });
  }
  const lastCommit = lastCommitOrder(state);
  if (lastCommit !== -1 && state.lastChange > lastCommit) {
    const uncommitted = state.files.filter((file) => file.edits > 0 && file.last > lastCommit).map((file) => file.path);
    if (uncommitted.length > 0) items.push({ text: `Commit the changes to ${uncommitted.slice(-6).join(', ')} (changed since the last commit)`, rank: tier.now + 8 });
  }
  if (items.length === 0) {
    const latest = facts.humans[facts.humans.length - 1];
    if (latest !== undefined) items.push({ text: `Continue the latest request: "${trimMiddle(latest, 120)}"`, rank: tier.now + 1 });
  }
  return items;
}

/** The latest human message while nothing after it shows it finished (a commit, a push, a closed issue). */
export function pendingRequest(facts: ConversationFacts, state: WorkState): string | undefined {
  const latest = facts.humans[facts.humans.length - 1];
  if (latest === undefined) return undefined;
  const turn = latestTurn(facts);
  const finishedAfter = facts.actions.some((action) =>
    action.turn >= turn && action.command !== undefined && completionCommand.test(commandCore(action.command)) && action.outcome?.isFailed === false && action.order >= state.lastChange);
  return finishedAfter ? undefined : `Latest request, not shown finished: "${trimMiddle(latest, 120)}"`;
}
