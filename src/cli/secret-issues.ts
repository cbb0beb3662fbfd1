import { describeSecrets, findSecrets } from '../engine/config';

/**
 * One issue line per secret-looking value in `value`: where it is, what kind, its masked preview, and the fix. Paths
 * and previews come masked from the scan, so no line carries the secret, even one pasted as a property name.
 */
export function secretIssues(value: unknown, carrier: 'config' | 'link'): string[] {
  return describeSecrets(findSecrets(value)).map((where) => `${where.replace(' — ', ': looks like a secret — ')}; remove it (keys belong in environment variables, never in a ${carrier})`);
}
