import type { Pin, PinStyle } from '../../pins/collect-pins';
import { pinsIn } from '../../pins/declared-pins';
import { profileMeta, type ProfileId } from '../../profiles/meta';
import type { LabConfig } from '../lab-config';
import type { ConfigDocument } from './config-document';
import { documentProfile } from './document-profile';

/** How a profile reads pinned lines, from its meta; undefined for a profile that takes none (or no known profile). */
function pinStyleOf(profile: ProfileId | undefined): PinStyle | undefined {
  return profile === undefined ? undefined : profileMeta[profile].pins?.style;
}

/** Whether a profile takes pinned lines (`operativeSkills`), by its meta. */
export function takesPins(profile: ProfileId | undefined): boolean {
  return pinStyleOf(profile) !== undefined;
}

/**
 * The pins a config document declares, read exactly as its profile's run reads them (trimmed or folded, over-long
 * lines rejected or cut, de-duplicated), so every check of "was this line kept" looks for what the summarizer was told
 * to copy. None for a profile that takes no pins.
 */
export function declaredPins(document: ConfigDocument): Pin[] {
  const style = pinStyleOf(documentProfile(document));
  return style === undefined ? [] : pinsIn(document, style);
}

/** The pinned lines of a validated config, read as its profile reads them (its parameters hold the skills). */
export function pinnedLinesOf(config: LabConfig): string[] {
  const style = pinStyleOf(config.profile);
  return style === undefined ? [] : pinsIn(config.parameters, style).map((pin) => pin.line);
}
