/**
 * Finds where a JSON text first goes wrong, as a character offset (the text's length when it ends too early),
 * or -1 when it is valid. JSON.parse's messages do not always carry a position (Node 20's V8 gives none), so the
 * importer locates errors itself. Iterative, linear, and safe on deeply nested hostile input.
 */
export function findJsonErrorOffset(text: string): number {
  const stack: ('object' | 'array')[] = [];
  let index = skipSpace(text, 0);
  let expectValue = true;
  while (true) {
    if (expectValue) {
      const depthBefore = stack.length;
      const end = scanValue(text, index, stack);
      if (end < 0) return -end - 1;
      index = skipSpace(text, end);
      if (stack.length > depthBefore) {
        // Just opened a container: it may close at once, else wants a key or a value.
        const closing = stack[stack.length - 1] === 'object' ? '}' : ']';
        if (text[index] === closing) {
          stack.pop();
          index = skipSpace(text, index + 1);
        } else if (stack[stack.length - 1] === 'object') {
          const afterKey = scanKey(text, index);
          if (afterKey < 0) return -afterKey - 1;
          index = skipSpace(text, afterKey);
          continue;
        } else {
          continue;
        }
      }
      expectValue = false;
    }
    if (stack.length === 0) return index < text.length ? index : -1;
    const container = stack[stack.length - 1];
    const character = text[index];
    if (character === ',') {
      index = skipSpace(text, index + 1);
      if (container === 'object') {
        const afterKey = scanKey(text, index);
        if (afterKey < 0) return -afterKey - 1;
        index = skipSpace(text, afterKey);
      }
      expectValue = true;
    } else if ((container === 'object' && character === '}') || (container === 'array' && character === ']')) {
      stack.pop();
      index = skipSpace(text, index + 1);
    } else {
      return Math.min(index, text.length);
    }
  }
}

function skipSpace(text: string, start: number): number {
  let index = start;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    if (code !== 32 && code !== 9 && code !== 10 && code !== 13) break;
    index += 1;
  }
  return index;
}

/** Scans `"key" :` and returns the index after the colon, or -(errorOffset + 1). */
function scanKey(text: string, start: number): number {
  if (text[start] !== '"') return -(start + 1);
  const end = scanString(text, start);
  if (end < 0) return end;
  const colon = skipSpace(text, end);
  return text[colon] === ':' ? skipSpace(text, colon + 1) : -(Math.min(colon, text.length) + 1);
}

const numberPattern = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** Scans one scalar, or opens a container (pushing it); returns the index after it, or -(errorOffset + 1). */
function scanValue(text: string, start: number, stack: ('object' | 'array')[]): number {
  const character = text[start];
  if (character === undefined) return -(text.length + 1);
  if (character === '{' || character === '[') {
    stack.push(character === '{' ? 'object' : 'array');
    return start + 1;
  }
  if (character === '"') return scanString(text, start);
  for (const literal of ['true', 'false', 'null']) {
    if (text.startsWith(literal, start)) return start + literal.length;
  }
  numberPattern.lastIndex = start;
  const match = numberPattern.exec(text);
  return match && match[0].length > 0 ? start + match[0].length : -(start + 1);
}

/** Scans a string starting at its opening quote; returns the index after the closing quote, or -(errorOffset + 1). */
function scanString(text: string, start: number): number {
  let index = start + 1;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    if (code === 34) return index + 1;
    if (code < 32) return -(index + 1);
    if (code === 92) {
      const escape = text[index + 1];
      if (escape === 'u') {
        if (!/^[0-9a-fA-F]{4}$/.test(text.slice(index + 2, index + 6))) return -(index + 1);
        index += 6;
        continue;
      }
      if (escape === undefined || !'"\\/bfnrt'.includes(escape)) return -(index + 1);
      index += 2;
      continue;
    }
    index += 1;
  }
  return -(text.length + 1);
}
