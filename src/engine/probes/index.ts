/** Probe mode: questions about what compaction removed, planned, asked of the compacted context and graded. */
export { planProbes } from './plan-probes';
export { perKindLimits, probeKinds, type Probe, type ProbeGrade, type ProbeKind, type ProbeOptions, type ProbePlan, type ProbeQuestionSource, type ProbeReport, type ProbeStep } from './probe-model';
export { runProbes } from './run-probes';
