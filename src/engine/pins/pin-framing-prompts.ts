/*
 * The two texts that frame pinned lines, as plain data: the page's prompt editor shows them as prompt slots (through
 * the profiles' metas), so they live apart from the payload code in pinned-operative.ts.
 */

/** The two texts that frame the pins: the summarizer block's header and the carrier's opening sentence. */
export interface PinFraming {
  blockHeader: string;
  carrierIntro: string;
}

/**
 * Header of the summarizer-input block (§1.7), in our words; upstream's fixed sentence (`pinnedOperativePromptBlock` in
 * operative_pins.dart) can be pasted as the `prompts.pinnedBlockHeader` override. It keeps the label PINNED OPERATIVE
 * LINES, the name the duty prompt (ours and upstream's) uses for this block.
 */
export const defaultPinnedBlockHeader =
  'PINNED OPERATIVE LINES — the rules listed here come from skill manifests and must reach your checkpoint exactly as written. Reproduce each one down to the last character; a reworded, shortened, translated or missing rule counts as lost:';

/**
 * Opening sentence of the request-side carrier (§1.7), in our words (`prompts.pinnedCarrierIntro` overrides it). It is
 * exactly as long as upstream's (`pinCarrierBlock`, 126 characters), so the 8,192-character budget, measured on the
 * rendered carrier, drops the same pins upstream's would.
 */
export const defaultCarrierIntro =
  'Rules fixed word for word by skill manifests; keep obeying them, even where the skill text they came from was summarized away:';

/** The framing a config that overrides neither text gets. */
export const defaultPinFraming: PinFraming = { blockHeader: defaultPinnedBlockHeader, carrierIntro: defaultCarrierIntro };
