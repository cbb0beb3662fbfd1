/** What a summary section holds, read from its heading: the same words map the same way in every seed's prompt. */
export type SectionCategory =
  | 'requests'
  | 'goal'
  | 'pending'
  | 'constraints'
  | 'filesRead'
  | 'filesChanged'
  | 'files'
  | 'filesCreated'
  | 'identifiers'
  | 'commands'
  | 'errors'
  | 'blocked'
  | 'decisions'
  | 'done'
  | 'current'
  | 'next'
  | 'concepts'
  | 'context';

// First match wins, so narrower phrases come before the words they contain ("Pending Tasks" before "task").
const rules: ReadonlyArray<readonly [RegExp, SectionCategory]> = [
  [/pinned|critical|context for/, 'context'],
  // Open requests stay listed until evidently done (§1.10), so they are the requests themselves, not a guess at what is open.
  [/open (?:user )?request|all user messages|user requests?|user messages|^requests?$/, 'requests'],
  [/pending|remaining|outstanding|to-?do|open item|unresolved/, 'pending'],
  [/primary request|original request|goal|intent|objective|^task/, 'goal'],
  [/constraint|preference|requirement/, 'constraints'],
  [/files? read|read files/, 'filesRead'],
  [/files? created|(?:created|new) files/, 'filesCreated'],
  [/files? (?:changed|modified|written|edited|touched)|(?:changed|modified|edited) files/, 'filesChanged'],
  [/file|code section/, 'files'],
  [/command/, 'commands'],
  [/problem solving|decision|rationale|approach/, 'decisions'],
  [/blocked|blocker/, 'blocked'],
  [/error|fix|issue|problem|failure|bug/, 'errors'],
  [/next/, 'next'],
  [/in progress|current/, 'current'],
  [/done|complete|progress|accomplish/, 'done'],
  [/identifier|symbol/, 'identifiers'],
  [/concept|technolog|term|glossary/, 'concepts'],
];

/** The category a heading asks for; anything unrecognised is context. */
export function classifyHeading(title: string): SectionCategory {
  const words = title.toLowerCase().replace(/^\d+[.)]\s*/, '').trim();
  for (const [pattern, category] of rules) if (pattern.test(words)) return category;
  return 'context';
}

/** Where a previous summary's items go when the new prompt has no section of their own category. */
export const categoryFallbacks: Record<SectionCategory, readonly SectionCategory[]> = {
  requests: ['goal', 'pending'],
  goal: ['requests', 'pending'],
  pending: ['next', 'requests'],
  constraints: ['context'],
  filesRead: ['files'],
  filesChanged: ['files'],
  files: ['filesChanged', 'filesRead'],
  filesCreated: ['filesChanged', 'files'],
  identifiers: ['concepts', 'context'],
  commands: ['done'],
  errors: ['blocked', 'done'],
  blocked: ['errors', 'pending'],
  decisions: ['done'],
  done: ['current'],
  current: ['done', 'next'],
  next: ['pending', 'current'],
  concepts: ['context'],
  context: ['current', 'done', 'decisions', 'requests'],
};
