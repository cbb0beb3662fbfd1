import { lazy } from 'react';

/*
 * The heavy views, each in its own chunk that loads when its tab is first opened: the chart library comes with the
 * Tokens, Retention and A/B views, so the first page load carries none of it. The app wraps each in `LazyView`.
 */

/** The Diff tab (side-by-side original and pass output). */
export const DiffView = lazy(() => import('../features/diff/diff-view').then((module) => ({ default: module.DiffView })));
/** Two recorded runs side by side, in the Workspace panel (the Diff's code, loaded when a comparison opens). */
export const RunComparison = lazy(() => import('../features/diff/run-comparison').then((module) => ({ default: module.RunComparison })));
/** The Tokens tab (chart and per-kind table). */
export const TokensView = lazy(() => import('../features/tokens/tokens-view').then((module) => ({ default: module.TokensView })));
/** The Retention tab. */
export const RetentionView = lazy(() => import('../features/retention/retention-view').then((module) => ({ default: module.RetentionView })));
/** Retention's probes, composed into the Retention tab. */
export const ProbePanel = lazy(() => import('../features/probes/probe-panel').then((module) => ({ default: module.ProbePanel })));
/** The Vs agent tab. */
export const VersusView = lazy(() => import('../features/versus/versus-view').then((module) => ({ default: module.VersusView })));
/** The Session tab (the whole session replayed under a policy). */
export const SessionView = lazy(() => import('../features/session/session-view').then((module) => ({ default: module.SessionView })));
/** The A/B tab. */
export const AbPanel = lazy(() => import('../features/ab/ab-panel').then((module) => ({ default: module.AbPanel })));
/** The Config tab. */
export const ConfigEditor = lazy(() => import('../features/config-editor/config-editor').then((module) => ({ default: module.ConfigEditor })));
/** The pin candidates, composed into the Config tab. */
export const PinCandidatesPanel = lazy(() => import('../features/pins/pin-candidates-panel').then((module) => ({ default: module.PinCandidatesPanel })));
/** The Code tab. */
export const ConfigCodePanel = lazy(() => import('../features/config-code/config-code-panel').then((module) => ({ default: module.ConfigCodePanel })));
/** The Experiments view (cross-transcript: the header's switch shows it in place of the lab). */
export const ExperimentsEntry = lazy(() => import('./experiments-entry').then((module) => ({ default: module.ExperimentsEntry })));
