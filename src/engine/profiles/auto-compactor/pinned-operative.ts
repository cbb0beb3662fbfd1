import type { OperativeSkill } from './auto-compactor-config';

/** Default budget of the rendered carrier block, in characters (gh-1409 P6). */
export const pinBudgetChars = 8192;

/** Longest operative line kept; longer lines are cut so one hostile manifest cannot fill the budget alone. */
export const pinLineMaxChars = 1000;

/** One pinned line and the skills that declare it. */
export interface Pin {
  line: string;
  skills: string[];
  isRead: boolean;
}

/** The pins that survived the budget, and every pin dropped for it (nothing is dropped silently). */
export interface PinnedOperativePayload {
  /** The summarizer-input block (null-free: a payload exists only when there are pins). */
  block: string;
  lines: Set<string>;
  pins: Pin[];
  dropped: Pin[];
}

/** Header of the summarizer-input block (§1.7). */
export const pinnedBlockHeader =
  'PINNED OPERATIVE LINES (verbatim-preserve duty — every line below is pinned from a skill manifest and MUST appear VERBATIM, character-for-character, in the checkpoint output; do not paraphrase, shorten, translate, or drop any of them):';

/** Opening sentence of the request-side carrier (§1.7). */
export const carrierIntro =
  'Operative directives pinned verbatim from skill manifests — follow them even where the original skill text was compacted away:';

/** Marks a pin the window no longer holds anywhere, in the carrier. */
export const restoredSuffix = ' — restored: dropped from the checkpoint summary';

function normalizeLine(line: string): string {
  // One pin is one line: inner line breaks would let a manifest smuggle extra lines past the verbatim duty.
  return line.replace(/[\r\n]+/g, ' ').trim().slice(0, pinLineMaxChars);
}

/** One pin per distinct exact line (two skills declaring it share it); read skills' pins first, then declaration order. */
export function collectPins(skills: readonly OperativeSkill[]): Pin[] {
  const byLine = new Map<string, Pin>();
  for (const skill of skills) {
    for (const raw of skill.operative) {
      const line = normalizeLine(raw);
      if (!line) continue;
      const pin = byLine.get(line);
      if (pin) {
        if (!pin.skills.includes(skill.name)) pin.skills.push(skill.name);
        pin.isRead = pin.isRead || skill.isRead;
      } else byLine.set(line, { line, skills: [skill.name], isRead: skill.isRead });
    }
  }
  const pins = [...byLine.values()];
  return [...pins.filter((pin) => pin.isRead), ...pins.filter((pin) => !pin.isRead)];
}

/** One pin as the summarizer block lists it: quoted, inert, with its provenance. */
export function renderPinLine(pin: Pin): string {
  return `- "${pin.line}" (pinned from ${pin.skills.map((name) => `skill \`${name}\``).join(' + ')})`;
}

/** The summarizer-input block for a set of pins. */
export function renderPinnedBlock(pins: readonly Pin[]): string {
  return [pinnedBlockHeader, ...pins.map(renderPinLine)].join('\n');
}

/** The carrier's text: the envelope with one line per pin, marking the ones restored because the window lost them. */
export function renderCarrier(pins: readonly Pin[], restored: ReadonlySet<string> = new Set()): string {
  const lines = pins.map((pin) => `- ${pin.line}${restored.has(pin.line) ? restoredSuffix : ''}`);
  return ['<pinned-skill-directives>', carrierIntro, ...lines, '</pinned-skill-directives>'].join('\n');
}

/**
 * Builds the pinned-operative payload from the skills (null when they declare no lines). While the rendered carrier
 * is over budget it drops the oldest non-read pin, or the oldest read pin once every pin is read; each drop is returned.
 */
export function buildPinnedOperative(skills: readonly OperativeSkill[], budgetChars = pinBudgetChars): PinnedOperativePayload | null {
  const pins = collectPins(skills);
  const dropped: Pin[] = [];
  while (pins.length > 0 && renderCarrier(pins).length > budgetChars) {
    const nonRead = pins.findIndex((pin) => !pin.isRead);
    dropped.push(...pins.splice(nonRead >= 0 ? nonRead : 0, 1));
  }
  if (pins.length === 0 && dropped.length === 0) return null;
  return { block: renderPinnedBlock(pins), lines: new Set(pins.map((pin) => pin.line)), pins, dropped };
}

/** The notices a payload owes the user: one per pin dropped for the budget. */
export function pinDropNotices(payload: PinnedOperativePayload | null): string[] {
  return (payload?.dropped ?? []).map((pin) => `pinned line dropped (over the ${pinBudgetChars}-char budget): "${pin.line}" from ${pin.skills.join(' + ')}`);
}
