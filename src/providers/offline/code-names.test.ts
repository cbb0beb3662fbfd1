import { describe, expect, it } from 'vitest';
import { usedNames } from './code-names';

describe('the names new code uses from elsewhere (issue 26)', () => {
  it('leaves out the language\'s own namespaces and keeps what the code imports and calls qualified', () => {
    const code = [
      "import { readFile } from 'node:fs/promises';",
      'const widest = Math.max(...widths.map((width) => Number.isFinite(width) ? width : 0));',
      'const text = JSON.stringify(Object.keys(config)) + String.raw`\\n`;',
      'const results = await Promise.all(Array.from(tasks, (task) => Sdk.runTask(task)));',
      'console.log(Reflect.ownKeys(results), Date.now());',
      'return Telemetry.Span.start(text);',
    ].join('\n');
    expect(usedNames(code)).toEqual(['node:fs/promises', 'Sdk.runTask', 'Telemetry.Span.start']);
  });

  it('reads the imports of a text padded with many blank lines', () => {
    // Hostile pasted text: thousands of blank lines before the import lines.
    const code = `${'\n'.repeat(19_000)}import (\n\t"github.com/acme/log"\n)\n  import 'lib/setup'\n`;
    expect(usedNames(code)).toEqual(['lib/setup', 'github.com/acme/log']);
  });
});
