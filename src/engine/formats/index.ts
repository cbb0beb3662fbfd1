/** Importers (every format sniffed from structure, never throwing) and exporters of the canonical transcript. */
export { exportAnthropic } from './export/export-anthropic';
export { exportOpenAiChat } from './export/export-openai-chat';
export { MAX_INPUT_BYTES } from './import-limits';
export type { ImportIssue, ImportReport, ImportResult, SourceLocation } from './import-report';
export { importText } from './import-text';
