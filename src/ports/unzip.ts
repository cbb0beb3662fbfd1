import { strFromU8, unzipSync } from 'fflate';

/**
 * The entries of a zip archive that `isWanted` picks, each as UTF-8 text, by entry name: the one place the zip library
 * is named. The picked entries' sizes come from the archive's own directory, before anything is inflated, so an archive
 * whose picked entries unpack to more than `maximumBytes` is refused unopened (a zip bomb). Throws when the archive
 * cannot be read or is too large; what the entries mean is the caller's (`lab/inspect-eval-archive.ts`).
 */
export function unzipText(bytes: Uint8Array, isWanted: (name: string) => boolean, maximumBytes: number): Record<string, string> {
  let unpackedBytes = 0;
  const entries = unzipSync(bytes, {
    filter: (file) => {
      const wanted = isWanted(file.name);
      if (wanted) unpackedBytes += file.originalSize;
      if (unpackedBytes > maximumBytes) throw new Error(`it unpacks to more than the ${maximumBytes / (1024 * 1024)} MB limit`);
      return wanted;
    },
  });
  return Object.fromEntries(Object.entries(entries).map(([name, entry]) => [name, strFromU8(entry)]));
}
