/**
 * One skill a session knows, as a config declares it (`operativeSkills[]`): its `operative` lines are pinned verbatim
 * across compactions (upstream gh-1409). `isRead` says its SKILL.md was read in the current window.
 */
export interface OperativeSkill {
  name: string;
  operative: string[];
  isRead: boolean;
}

/**
 * How pins are read and rendered. `seed` is the Dart code's: each line trimmed as the manifest parser does, empty ones
 * skipped, lines over 512 chars rejected (reported), the rest kept byte for byte; the carrier lists each pin quoted with
 * its provenance and the 8,192-char budget is measured on that rendering. `lab` is the unified profile's own: line
 * breaks folded into spaces, lines cut at 1000 chars, the carrier listing bare lines.
 */
export type PinStyle = 'seed' | 'lab';

/** One pinned line and the skills that declare it. */
export interface Pin {
  line: string;
  skills: string[];
  isRead: boolean;
}

/** A declared line the seed's manifest parser refuses (over `operativeLineMaxChars`). */
export interface RejectedPin {
  skill: string;
  length: number;
}

/** Longest operative line the lab style keeps; longer lines are cut so one hostile manifest cannot fill the budget alone. */
export const pinLineMaxChars = 1000;

/** Longest operative line the seed's manifest parser accepts (`skill_manifest.dart` `operativeLineMaxChars`); longer ones are rejected. */
export const operativeLineMaxChars = 512;

function labLine(line: string): string {
  // One pin is one line: inner line breaks would let a manifest smuggle extra lines past the verbatim duty.
  return line.replace(/[\r\n]+/g, ' ').trim().slice(0, pinLineMaxChars);
}

/**
 * One pin per distinct exact line (two skills declaring it share it); read skills' pins first, then declaration order.
 * Lines the seed's manifest parser would refuse are left out and reported through `onRejected`.
 */
export function collectPins(skills: readonly OperativeSkill[], style: PinStyle = 'lab', onRejected?: (rejected: RejectedPin) => void): Pin[] {
  const byLine = new Map<string, Pin>();
  for (const skill of skills) {
    for (const raw of skill.operative) {
      // Seed style reads config lines as skill_manifest.dart reads the frontmatter list: trimmed, then kept byte for byte.
      const line = style === 'seed' ? raw.trim() : labLine(raw);
      if (!line) continue;
      if (style === 'seed' && line.length > operativeLineMaxChars) {
        onRejected?.({ skill: skill.name, length: line.length });
        continue;
      }
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
