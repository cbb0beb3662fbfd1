import { clipItem } from './bounded-items';
import type { ConversationFacts } from './conversation-facts';
import { tier, trimMiddle, type RankedItem } from './ranked-item';
import { commandCore, commandHeads, describeOutcome } from './action-words';
import { intentPattern, isConcrete } from './sentence-signals';
import type { WorkState } from './work-state';

// What an agent runs again after editing: tests, builds, type checks, linters, formatters — named by the command's
// leading words (`mix test`, `go build`, `npm run typecheck`), never by an argument (`cat-file --batch-check`).
const verificationWord =
  /^(?:test|tests|spec|build|compile|check|lint|typecheck|tsc|credo|format|fmt|vet|clippy|pytest|jest|vitest|mocha|rspec|phpunit|ctest|make)$/;
// Commands that only read or print: never a check, whatever they read.
const readingProgram = /^(?:ls|ll|cat|grep|rg|ag|find|fd|head|tail|less|more|wc|tree|pwd|which|echo|printf|sed|awk|jq|stat|file|diff|git|gh)$/;

/** True for a command whose program or first words name a check: a test run, a build, a linter, a formatter. */
function isCheck(command: string): boolean {
  return command.split(/&&|;|\|\|/).some((part) => {
    const words = commandCore(part).split(/\s+/).filter((word) => word.length > 0 && !word.startsWith('-') && !word.includes('='));
    if (words.length === 0 || readingProgram.test(words[0])) return false;
    // `./scripts/test.sh` names a check by its file name; `mix test`, `npm run lint` by a word.
    return words.slice(0, 3).some((word) => word.replace(/^.*\//, '').split(/[.:_-]/).some((piece) => verificationWord.test(piece)));
  });
}

/** Order of the last `git commit` (alone or chained after `git add`), -1 when there was none. */
function lastCommitOrder(state: WorkState): number {
  return state.commands.filter((command) => commandHeads(command.latest).includes('git commit')).reduce((latest, command) => Math.max(latest, command.last), -1);
}
const completionCommand = /^(?:git (?:commit|push|merge)|gh (?:pr|issue)|bd close)\b/;

/** The turn of the latest human message: actions with this turn came after it. */
function latestTurn(facts: ConversationFacts): number {
  return facts.humans.length;
}

/**
 * Where the work stands, read once so the current work and the next step say the same: the user's latest request,
 * whether the agent's reply ended the part, what the agent said it would do next (its own words), the plan's open
 * item and a failure the latest edits have not been shown to fix.
 */
interface Handover {
  request?: string;
  isReplied: boolean;
  closing?: string;
  intent?: string;
  todo?: string;
  failure?: { text: string; source?: string };
}

function handoverOf(facts: ConversationFacts, state: WorkState): Handover {
  const { ending } = state;
  // A part that ends on the agent saying what it does next ("Next I will update the README.") ends mid-work, not answered.
  const closingPlan = ending.closing !== undefined && closingIsPlan(ending.closing) ? ending.closing : undefined;
  const last = facts.intents[facts.intents.length - 1];
  // An intent counts while it is recent: said within the last few actions; a filler one ("Let me wait.") never.
  const recent = last !== undefined && last.order >= facts.actions.length - 3 ? last.text : undefined;
  const intent = closingPlan !== undefined && isConcrete(closingPlan) ? closingPlan : recent;
  const lastError = state.errors[state.errors.length - 1];
  const isOpen = lastError !== undefined && lastError.resolution === undefined && lastError.order >= state.lastChange;
  return {
    request: facts.humans[facts.humans.length - 1],
    isReplied: ending.isReplied && closingPlan === undefined,
    ...(ending.closing !== undefined ? { closing: ending.closing } : {}),
    ...(intent !== undefined ? { intent } : {}),
    ...(state.openTodos[0] !== undefined ? { todo: state.openTodos[0] } : {}),
    ...(isOpen ? { failure: { text: lastError.text, ...(lastError.source !== undefined ? { source: lastError.source } : {}) } } : {}),
  };
}

/** A closing sentence that says what the agent does next, not a question nor a courtesy ("Let me know if …"). */
function closingIsPlan(closing: string): boolean {
  return intentPattern.test(closing) && !closing.endsWith('?') && !/\blet me know\b/i.test(closing);
}

const quoted = (text: string, maxChars: number) => `"${trimMiddle(text, maxChars)}"`;

/**
 * What was being done: the user's latest words (said answered when the agent's reply ended the part), the files
 * changed since, and the last actions and how they went. What comes next is the next step's, from the same reading.
 */
export function currentWork(facts: ConversationFacts, state: WorkState): RankedItem[] {
  const items: RankedItem[] = [];
  const { request, isReplied } = handoverOf(facts, state);
  const answered = isReplied ? " (the agent's last reply answered it)" : '';
  if (request !== undefined) {
    items.push({ text: `Latest user request: ${quoted(request, 300)}${answered}`, rank: tier.now + 1, variants: [`Latest user request: ${quoted(request, 120)}${answered}`] });
  }
  // The files changed since the last commit, else since the latest request, else the last changed ones.
  const since = Math.max(lastCommitOrder(state), facts.actions.findIndex((action) => action.turn >= latestTurn(facts)));
  const changed = state.files.filter((file) => file.edits > 0);
  const changedNow = changed.filter((file) => file.last > since);
  const working = (changedNow.length > 0 ? changedNow : changed).slice(-5).map((file) => file.path);
  if (working.length > 0) items.push({ text: `Working on: ${working.join(', ')}`, rank: tier.now + 2, variants: [`Working on: ${working.slice(-2).join(', ')}`] });
  if (state.lastActions.length > 0) {
    items.push({ text: `Last actions: ${state.lastActions.join('; ')}`, rank: tier.now + 3, variants: [`Last action: ${state.lastActions[state.lastActions.length - 1]}`] });
  }
  return items;
}

/**
 * The next step in words, longest form first: what the agent was doing and about to do, in its own words where it
 * said them. The shorter forms leave out the request (the current work quotes it) and then the detail.
 */
function nextStepForms(handover: Handover): string[] {
  const { request, isReplied, closing, intent, todo, failure } = handover;
  const latest = (requestChars: number) => (request === undefined || requestChars === 0 ? 'the latest request' : `the latest request (${quoted(request, requestChars)})`);
  if (isReplied) {
    // The current work quotes the request it answered; the step says how the reply ended.
    if (closing !== undefined && closing.endsWith('?')) {
      return [`The agent had answered the latest request and asked: "${closing}" — go on from the user's reply.`, `The agent had asked: "${clipItem(closing, 100)}" — go on from the user's reply.`];
    }
    const ended = closing === undefined ? '' : `, ending: "${clipItem(closing, 200)}"`;
    return [`The agent had answered the latest request${ended} — go on from the user's next message.`, "The agent had answered the latest request: go on from the user's next message."];
  }
  const parts: string[] = [];
  if (failure !== undefined) parts.push(`first fix the failure the latest run${failure.source ? ` of \`${clipItem(failure.source, 100)}\`` : ''} showed (${quoted(failure.text, 160)})`);
  if (intent !== undefined) parts.push(`the agent's own next step: "${intent}"`);
  if (todo !== undefined) parts.push(`the plan's open item: "${clipItem(todo, 160)}"`);
  const form = (requestChars: number, partsShown: number) => {
    const shown = parts.slice(0, partsShown);
    const what = request === undefined ? 'Carry on with the work' : `Carry on with ${latest(requestChars)}`;
    const text = shown.length === 0 ? what : `${what} — ${shown.join('; ')}`;
    // A quotation that ends its own sentence ends this one too.
    return /[.!?]["`)]?$/.test(text) ? text : `${text}.`;
  };
  // The shortest forms keep the plan's item (a fact the work goes on with) before the rest.
  const planOnly = todo === undefined ? [] : [`Carry on with the plan's open item: "${clipItem(todo, 160)}"`];
  const all = [form(80, 3), form(0, 3), ...planOnly, form(0, 1), form(60, 0), form(0, 0)];
  return all.filter((text, index) => all.indexOf(text) === index);
}

/**
 * The next step, from the same reading of where the work stands as the current work (`handoverOf`): in plain words
 * first — what the agent was doing and about to do, or that it had answered and the user speaks next — then the
 * supporting detail: the plan's further open item, the checks the latest edits came after, and uncommitted changes.
 */
export function nextSteps(facts: ConversationFacts, state: WorkState): RankedItem[] {
  const handover = handoverOf(facts, state);
  const items: RankedItem[] = [];
  const hasStep = handover.request !== undefined || handover.isReplied || handover.intent !== undefined || handover.todo !== undefined || handover.failure !== undefined;
  if (hasStep) {
    const [text, ...variants] = nextStepForms(handover);
    items.push({ text, rank: tier.now + 1, variants });
  }
  if (handover.isReplied && handover.todo !== undefined) items.push({ text: `Open plan item: ${clipItem(handover.todo, 200)}`, rank: tier.now + 2 });
  // A check is due again when no run of its program (`mix test`, whatever the arguments) came after the latest edit
  // of code (an edited README changes no test's outcome).
  const edited = state.lastCodeChange;
  const rerun = new Set(state.commands.filter((command) => command.last > edited).flatMap((command) => commandHeads(command.latest)));
  const checks = state.commands
    .filter((command) => command.latest !== '' && isCheck(command.latest) && command.last < edited && !commandHeads(command.latest).some((head) => rerun.has(head)))
    .slice(-3)
    .reverse();
  if (checks.length > 0) {
    const listed = (count: number) => checks.slice(0, count).map((command) => `\`${clipItem(command.latest, 160)}\` (last run${describeOutcome(command.outcome, true) || ': no result seen'})`).join(', ');
    items.push({
      text: `Then check the latest edits: the checks last ran before them — ${listed(3)}`,
      rank: tier.now + 4,
      variants: [`Then check the latest edits: ${listed(1)}`],
    });
  }
  const lastCommit = lastCommitOrder(state);
  if (lastCommit !== -1 && state.lastChange > lastCommit) {
    const uncommitted = state.files.filter((file) => file.edits > 0 && file.last > lastCommit).map((file) => file.path);
    if (uncommitted.length > 0) items.push({ text: `Commit the changes to ${uncommitted.slice(-6).join(', ')} (changed since the last commit)`, rank: tier.now + 8 });
  }
  return items;
}

/** The latest human message while nothing after it shows it finished (a commit, a push, a closed issue, the agent's closing reply). */
export function pendingRequest(facts: ConversationFacts, state: WorkState): string | undefined {
  const latest = facts.humans[facts.humans.length - 1];
  // The agent's reply ended the part: the request was answered, and the next step says how. Read as the next step
  // reads it (`handoverOf`): a reply that closes on what the agent does next left the request open.
  if (latest === undefined || handoverOf(facts, state).isReplied) return undefined;
  const turn = latestTurn(facts);
  const finishedAfter = facts.actions.some((action) =>
    action.turn >= turn && action.command !== undefined && completionCommand.test(commandCore(action.command)) && action.outcome?.isFailed === false && action.order >= state.lastChange);
  return finishedAfter ? undefined : `Latest request, not shown finished: "${trimMiddle(latest, 120)}"`;
}
