/** A request to open one prompt's editor (A/B's "Edit a prompt in B"): a new `serial` opens and focuses it again. */
export interface PromptRequest {
  slotId: string;
  serial: number;
}
