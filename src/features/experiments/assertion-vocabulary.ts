import type { AssertionMetric } from './assertion-rows';

/*
 * What the new-assertion row offers. The lab's assertion reader (asked through the worker when an assertion is added)
 * is the judge of what reads; this list only fills the pickers, so a name here the lab did not know would be refused
 * in its words, never run.
 */

/** The figures an assertion can bound, in the lab's names, with their meaning in words. */
export const assertionMetrics: readonly AssertionMetric[] = [
  { name: 'needRetention', description: 'need-weighted retention: of the compacted facts used again later, the share kept (0 to 1)' },
  { name: 'contextAfterShare', description: 'the context after as a share of the config’s window (0 to 1)' },
  { name: 'contextAfter', description: 'the context after, in context tokens (replay: the session’s peak)' },
  { name: 'costUsd', description: 'the cost in US dollars (compaction: the summarizer calls; replay: the policy’s bill with caching)' },
  { name: 'summarizerCalls', description: 'how many calls went to a summarizer' },
  { name: 'compactions', description: 'how many compactions were made (compaction mode: 1 when the run compacted)' },
];

/** The outcome flags a `no:` assertion can name. */
export const assertionFlags: readonly string[] = ['over-window', 'no-op-pass', 'estimate-disagrees', 'history-wiped', 'replaced-nothing'];
