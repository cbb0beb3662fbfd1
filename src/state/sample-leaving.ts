import { canonicalJson, documentProfile, promptSlotsOf, valueAt, withValueAt, type ConfigDocument } from '../engine/config';

/** The fields a document names itself by: never a setting a sample suggested. */
const identityFields = new Set(['schemaVersion', 'profile']);

/**
 * `document` without what a sample's suggested settings put there (issue 27): each of the sample's fields still at
 * the sample's value is removed, and from a list (the sample's pinned skills) each entry still exactly as the sample
 * wrote it; whatever the user changed or added stays. A document of another profile than the sample's is returned
 * as it is (it was never a copy of the sample's settings).
 */
export function withoutSampleSettings(document: ConfigDocument, sample: ConfigDocument): ConfigDocument {
  if (documentProfile(document) !== documentProfile(sample)) return document;
  let left = document;
  for (const [field, value] of Object.entries(sample)) {
    if (identityFields.has(field)) continue;
    const own = left[field];
    if (Array.isArray(value) && Array.isArray(own)) {
      const fromSample = new Set(value.map((entry) => canonicalJson(entry)));
      const kept = own.filter((entry) => !fromSample.has(canonicalJson(entry)));
      if (kept.length !== own.length) left = withValueAt(left, [field], kept.length === 0 ? undefined : kept);
    } else if (own !== undefined && canonicalJson(own) === canonicalJson(value)) {
      left = withValueAt(left, [field], undefined);
    }
  }
  return left;
}

/**
 * Whether two documents run alike: the same fields apart from the schema version, a prompt set to its profile's
 * default text counting as no prompt set (the run sends the same words; A/B's "Edit a prompt in B" writes the default
 * in before the user types).
 */
export function runAlike(first: ConfigDocument, second: ConfigDocument): boolean {
  const plain = (document: ConfigDocument): string => {
    const profile = documentProfile(document);
    let left = withValueAt(document, ['schemaVersion'], undefined);
    for (const slot of profile === undefined ? [] : promptSlotsOf(profile)) {
      if (valueAt(left, slot.path) === slot.defaultText) left = withValueAt(left, slot.path, undefined);
    }
    return canonicalJson({ ...left, profile: profile ?? left.profile });
  };
  return plain(first) === plain(second);
}
