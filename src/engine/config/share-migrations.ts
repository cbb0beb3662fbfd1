import { separatePrompts, shareKind } from './share-envelope';

/**
 * One step forward in the envelope's history. Each step is written against the exact shape it produces (never the
 * current builder), so a later version cannot change what an old file turns into; each has a golden fixture pair in
 * fixtures/ (`share-v<from>.input.json` → `share-v<from>.expected.json`).
 */
export interface ShareMigration {
  from: number;
  to: number;
  /** What the older document was, in words for the reader's notice. */
  describes: string;
  migrate(document: Record<string, unknown>): Record<string, unknown>;
}

/** Who wrote a document that predates envelopes: nobody said. */
const bareDocumentAuthor = 'unknown (a bare config document)';

/**
 * The registry, oldest first. Version 0 is the bare config document `{schemaVersion, profile, …}` the CLI and the
 * run panel took before envelopes existed; its `schemaVersion` is the config's own, not the envelope's.
 * Adding version 2 is one entry `{from: 1, to: 2, …}` and one fixture pair.
 */
export const shareMigrations: readonly ShareMigration[] = [
  {
    from: 0,
    to: 1,
    describes: 'a bare config document, wrapped in an envelope',
    migrate(document) {
      const { config, prompts } = separatePrompts(document);
      return { kind: shareKind, schemaVersion: 1, createdWith: bareDocumentAuthor, config, ...(Object.keys(prompts).length > 0 ? { prompts } : {}) };
    },
  },
];
