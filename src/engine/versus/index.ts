/** Against the agent's own compaction: where it compacted, the cut, and both contexts measured on what it needed next. */
export { agentCompactions, type AgentCompaction } from './agent-compactions';
export { agentSummaryTokens, compareWithAgent, contextTokens, type VersusReport, type VersusSide } from './compare-with-agent';
export { cutAtCompaction, type CompactionCut } from './cut-at-compaction';
export { lastHeldContext, type LastHeldContext, type RunStart } from './last-held-context';
