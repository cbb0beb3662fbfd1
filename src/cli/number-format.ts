/**
 * An en-US number format made on its first use. The process's first `Intl.NumberFormat` loads the locale data, about
 * 20 ms, which `--json` output and `--help` never need; a table's module made at load time would charge every call.
 */
export function numberFormat(options?: Intl.NumberFormatOptions): { format(value: number): string } {
  let made: Intl.NumberFormat | undefined;
  return { format: (value) => (made ??= new Intl.NumberFormat('en-US', options)).format(value) };
}
