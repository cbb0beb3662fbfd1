/*
 * The payload that carries pins through a compaction: the summarizer's block, the request-side carrier, the budget and
 * what it drops. It sits beside how pins are read (collect-pins.ts) because every profile that takes pins builds the
 * same payload, each in its own style (the auto-compactor `seed`, unified `lab`), so no profile owns it.
 */
import { collectPins, operativeLineMaxChars, type OperativeSkill, type Pin, type PinStyle, type RejectedPin } from './collect-pins';
import { defaultCarrierIntro, defaultPinFraming, type PinFraming } from './pin-framing-prompts';

/** Default budget of the rendered carrier block, in characters (gh-1409 P6). */
export const pinBudgetChars = 8192;

/** The pins that survived the budget, and every pin dropped or rejected (nothing is dropped silently). */
export interface PinnedOperativePayload {
  /** The summarizer-input block (null-free: a payload exists only when there are pins). */
  block: string;
  lines: Set<string>;
  pins: Pin[];
  dropped: Pin[];
  rejected: RejectedPin[];
  style: PinStyle;
  /** The header and carrier sentence this payload was built with (the defaults unless the config overrides them). */
  framing: PinFraming;
}

/** Marks a pin the window no longer holds anywhere, in the carrier. */
export const restoredSuffix = ' — restored: dropped from the checkpoint summary';

/** One pin as the seed renders it (summarizer block and carrier alike): quoted, inert, with its provenance. */
function renderPinLine(pin: Pin, isRestored = false): string {
  return `- "${pin.line}" (pinned from ${pin.skills.map((name) => `skill \`${name}\``).join(' + ')}${isRestored ? restoredSuffix : ''})`;
}

/** The summarizer-input block for a set of pins, under its header. */
function renderPinnedBlock(pins: readonly Pin[], header: string): string {
  return [header, ...pins.map((pin) => renderPinLine(pin))].join('\n');
}

/**
 * The carrier's text: the envelope with one line per pin, marking the ones restored because the window lost them.
 * Seed style renders each pin as the summarizer block does (`pinCarrierBlock` in operative_pins.dart); lab style lists
 * the bare line.
 */
export function renderCarrier(pins: readonly Pin[], restored: ReadonlySet<string> = new Set(), style: PinStyle = 'lab', intro = defaultCarrierIntro): string {
  const lines = pins.map((pin) => (style === 'seed' ? renderPinLine(pin, restored.has(pin.line)) : `- ${pin.line}${restored.has(pin.line) ? restoredSuffix : ''}`));
  return ['<pinned-skill-directives>', intro, ...lines, '</pinned-skill-directives>'].join('\n');
}

/**
 * Builds the pinned-operative payload from the skills (null when they declare no lines). While the rendered carrier
 * is over budget it drops the oldest non-read pin, or the oldest read pin once every pin is read; each drop is returned.
 * The style defaults to `lab` (the unified profile's); the auto-compactor asks for `seed`. The budget is measured on the
 * carrier as `framing` renders it, since that is what every request pays.
 */
export function buildPinnedOperative(skills: readonly OperativeSkill[], budgetChars = pinBudgetChars, style: PinStyle = 'lab', framing: PinFraming = defaultPinFraming): PinnedOperativePayload | null {
  const rejected: RejectedPin[] = [];
  const pins = collectPins(skills, style, (pin) => rejected.push(pin));
  const dropped: Pin[] = [];
  while (pins.length > 0 && renderCarrier(pins, new Set(), style, framing.carrierIntro).length > budgetChars) {
    const nonRead = pins.findIndex((pin) => !pin.isRead);
    dropped.push(...pins.splice(nonRead >= 0 ? nonRead : 0, 1));
  }
  if (pins.length === 0 && dropped.length === 0 && rejected.length === 0) return null;
  return { block: renderPinnedBlock(pins, framing.blockHeader), lines: new Set(pins.map((pin) => pin.line)), pins, dropped, rejected, style, framing };
}

/** The notices a payload owes the user: one per pin dropped for the budget, one per line rejected for its length. */
export function pinDropNotices(payload: PinnedOperativePayload | null): string[] {
  const drops = (payload?.dropped ?? []).map((pin) => `pinned line dropped (over the ${pinBudgetChars}-char budget): "${pin.line}" from ${pin.skills.join(' + ')}`);
  const rejections = (payload?.rejected ?? []).map((pin) => `pinned line rejected (${pin.length} chars, over the ${operativeLineMaxChars}-char cap) from ${pin.skill}`);
  return [...drops, ...rejections];
}
