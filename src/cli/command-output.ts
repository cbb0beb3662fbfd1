/** What a command prints and how it exits. */
export interface CommandOutput {
  /** The report: a table or JSON, printed even when the command failed (a failed run still has its passes to show). */
  stdout?: string;
  /** Why the command did not do what was asked, one line per issue; absent when it did. */
  stderr?: string;
  /** 0 done; 1 ran and failed (a run that did not succeed, a config check that found problems); 2 nothing ran. */
  exitCode: number;
  /**
   * True when stdout is a share link already checked for keys, printed as it is: its base64 could spell something
   * key-shaped by chance, and masking that would break the link.
   */
  isCheckedLink?: boolean;
}
