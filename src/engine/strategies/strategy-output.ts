/** What a summary strategy did with one archived message: carried into the summary, masked in it, or left out. */
export type ArchivedFate = 'summarized' | 'masked' | 'trimmed';

/** A strategy's summary text plus, index by index over the archived messages, what it did with each one. */
export interface StrategyOutput {
  text: string;
  archivedFates: ArchivedFate[];
}
