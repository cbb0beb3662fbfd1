/**
 * The config document's one home (issue 24): its type, which profile it runs with, its window, its defaults, its
 * prompt problems, its pins, its paths, and the one reader of what users hand a surface as a config. Meta only — no
 * schema, no profile code — so the page may load all of it; `parseLabConfig` (engine/headless) checks a document.
 */
export { isConfigDocument, type ConfigDocument } from './config-document';
export { defaultDocument, documentText } from './default-document';
export { pathText, valueAt, withValueAt, type DocumentPath } from './document-paths';
export { declaredPins, pinnedLinesOf, takesPins } from './document-pins';
export { withPinnedLine } from '../../pins/declared-pins';
export { defaultProfileId, documentProfile, namedProfile } from './document-profile';
export { inheritingWindow, leavesWindowToProfile, ownWindowOf, setsWindow, windowFieldOf, withWindow, withoutWindow } from './document-window';
export { promptProblems, type PromptProblem } from './prompt-problems';
export { looksLikeConfigValue, readConfigValue, type ConfigPair } from './read-config-value';
