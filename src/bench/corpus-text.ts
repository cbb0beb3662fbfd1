import type { SeededRandom } from './seeded-random';

const words = (
  'the a of to and in is that for it with as on be this are by was from or an not which but at have can has ' +
  'function value error file test build config module server client request response cache token context window ' +
  'summary message agent tool result output input compaction budget retry timeout fallback pass step user model ' +
  'memory index update change commit branch release version package import export return string number object ' +
  'array promise async await handler parse format schema validate record event stream batch count estimate'
).split(' ');
const accented = ['café', 'naïve', 'résumé', 'über', 'São', 'Zürich', 'jalapeño', 'coöperate'];
const cjk = ['上下文窗口已满', '正在压缩历史记录', '测试通过', 'トークン数を数える', '요약을 생성합니다'];
const emoji = ['✅', '🚀', '⚠️', '🔥', '👍🏽', '🧪'];
const identifiers = ['tokenCount', 'runCompaction', 'messageIndex', 'parseDocument', 'keepRecentTokens', 'toolResult'];
const paths = ['src/engine/run/run-compaction.ts', 'src/worker/token-counter.ts', 'lib/src/agent/auto_compactor.dart', 'README.md'];

/** A sentence of English-like prose with an occasional accented word, CJK phrase or emoji. */
export function sentence(random: SeededRandom): string {
  const length = random.integer(6, 22);
  const parts: string[] = [];
  for (let index = 0; index < length; index++) {
    const roll = random.next();
    if (roll < 0.02) parts.push(random.pick(accented));
    else if (roll < 0.03) parts.push(random.pick(cjk));
    else if (roll < 0.04) parts.push(random.pick(identifiers));
    else parts.push(random.pick(words));
  }
  const text = parts.join(' ');
  const end = random.next() < 0.05 ? ` ${random.pick(emoji)}` : '';
  return `${text[0].toUpperCase()}${text.slice(1)}${random.pick(['.', '.', '.', '?', '!', ':'])}${end}`;
}

/** A paragraph of prose. */
export function prose(random: SeededRandom, sentences = random.integer(2, 8)): string {
  return Array.from({ length: sentences }, () => sentence(random)).join(' ');
}

/** A TypeScript-like source listing, as a file-read tool returns it. */
export function code(random: SeededRandom): string {
  const lines: string[] = [];
  const functions = random.integer(2, 6);
  for (let index = 0; index < functions; index++) {
    const name = `${random.pick(words)}${random.pick(identifiers)}${index}`;
    lines.push(`export async function ${name}(input: ${random.pick(['string', 'number[]', 'Message', 'unknown'])}): Promise<number> {`);
    for (let line = random.integer(3, 12); line > 0; line--) {
      const variable = random.pick(identifiers);
      lines.push(
        random.pick([
          `  const ${variable} = await ${random.pick(identifiers)}(input, ${random.integer(0, 4096)});`,
          `  if (${variable} > ${random.integer(1, 99)}) throw new Error('${random.pick(words)} ${random.pick(words)} failed');`,
          `  // ${sentence(random)}`,
          `  for (let index = 0; index < ${variable}.length; index++) total += ${variable}[index] * ${random.integer(2, 9)};`,
          `  return ${variable}.${random.pick(['length', 'size', 'count'])} ?? 0;`,
        ]),
      );
    }
    lines.push('}', '');
  }
  return lines.join('\n');
}

/** Pretty-printed JSON tool output with ids, numbers and nested arrays. */
export function json(random: SeededRandom): string {
  const items = Array.from({ length: random.integer(2, 10) }, (_, index) => ({
    id: `${random.pick(words)}-${random.integer(1000, 99999)}`,
    index,
    score: Math.round(random.next() * 1e6) / 1e3,
    path: random.pick(paths),
    tags: Array.from({ length: random.integer(0, 4) }, () => random.pick(words)),
    isActive: random.next() < 0.5,
    usage: { inputTokens: random.integer(10, 200000), outputTokens: random.integer(1, 8000) },
  }));
  return JSON.stringify({ status: 'ok', total: items.length, items }, null, random.next() < 0.5 ? 2 : undefined);
}

/** Timestamped log lines, as a build or test command prints them. */
export function logs(random: SeededRandom): string {
  const lines: string[] = [];
  let second = random.integer(0, 86_000);
  for (let line = random.integer(5, 40); line > 0; line--) {
    second += random.integer(0, 3);
    const time = new Date(Date.UTC(2026, 1, 23, 0, 0, second, random.integer(0, 999))).toISOString();
    const level = random.pick(['INFO', 'INFO', 'DEBUG', 'WARN', 'ERROR']);
    lines.push(`${time} ${level} [${random.pick(identifiers)}] ${random.pick(paths)}:${random.integer(1, 900)} ${sentence(random)}`);
  }
  return lines.join('\n');
}
