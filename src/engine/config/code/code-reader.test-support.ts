/**
 * A tiny reader for the literals our renderers emit, so tests can read values back out of Dart, Harn and Rust code
 * instead of matching text. It knows each language's string escapes; everything else is a small shared grammar:
 * literals, lists, Harn dicts, calls with named arguments, Rust struct literals and `let`/`final` bindings.
 */
export type ReadLanguage = 'dart' | 'harn' | 'rust';

/** A value read from code: plain data, or a marker for a call, a struct, a reference or a spread. */
export type ReadValue = string | number | boolean | null | ReadValue[] | { [key: string]: ReadValue };

interface Token {
  kind: 'string' | 'number' | 'word' | 'punct';
  text: string;
  value?: string | number;
}

const dartEscapes: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', v: '\v', '\\': '\\', "'": "'", '"': '"', $: '$' };
const rustEscapes: Record<string, string> = { n: '\n', r: '\r', t: '\t', '\\': '\\', '"': '"', '0': '\0' };
const harnEscapes: Record<string, string> = { n: '\n', t: '\t', '\\': '\\', '"': '"', $: '$' };

function readString(source: string, start: number, language: ReadLanguage): { value: string; end: number } {
  const quote = source[start];
  const escapes = language === 'dart' ? dartEscapes : language === 'rust' ? rustEscapes : harnEscapes;
  let value = '';
  let index = start + 1;
  while (source[index] !== quote) {
    if (index >= source.length || source[index] === '\n') throw new Error(`unterminated string at ${start}`);
    if (source[index] !== '\\') {
      value += source[index++];
      continue;
    }
    const next = source[index + 1];
    if (next === 'u' && source[index + 2] === '{' && language !== 'harn') {
      const close = source.indexOf('}', index);
      value += String.fromCodePoint(parseInt(source.slice(index + 3, close), 16));
      index = close + 1;
    } else if (next in escapes) {
      value += escapes[next];
      index += 2;
    } else if (language === 'harn') {
      value += `\\${next}`;
      index += 2;
    } else throw new Error(`unknown escape \\${next} at ${index}`);
  }
  if (language === 'dart' && /\$(?:[A-Za-z_{])/.test(source.slice(start, index + 1).replace(/\\\\|\\\$/g, ''))) throw new Error('unescaped $ would interpolate in Dart');
  if (language === 'harn' && source.slice(start, index + 1).replace(/\\\\|\\\$/g, '').includes('${')) throw new Error('unescaped ${ would interpolate in Harn');
  return { value, end: index + 1 };
}

function tokenize(source: string, language: ReadLanguage): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < source.length) {
    const character = source[index];
    if (/\s/.test(character)) index += 1;
    else if (source.startsWith('//', index)) index = source.indexOf('\n', index) === -1 ? source.length : source.indexOf('\n', index);
    else if (character === '"' || (character === "'" && language === 'dart')) {
      const { value, end } = readString(source, index, language);
      tokens.push({ kind: 'string', text: source.slice(index, end), value });
      index = end;
    } else if (/[0-9]/.test(character)) {
      const match = /^[0-9][0-9_]*(\.[0-9]+)?/.exec(source.slice(index)) as RegExpExecArray;
      tokens.push({ kind: 'number', text: match[0], value: Number(match[0].replaceAll('_', '')) });
      index += match[0].length;
    } else if (/[A-Za-z_]/.test(character)) {
      const match = /^[A-Za-z_]\w*(::[A-Za-z_]\w*)*/.exec(source.slice(index)) as RegExpExecArray;
      tokens.push({ kind: 'word', text: match[0] });
      index += match[0].length;
    } else {
      const punct = ['...', '..'].find((candidate) => source.startsWith(candidate, index)) ?? character;
      tokens.push({ kind: 'punct', text: punct });
      index += punct.length;
    }
  }
  return tokens;
}

class Parser {
  private position = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(offset = 0): Token | undefined {
    return this.tokens[this.position + offset];
  }

  private take(text?: string): Token {
    const token = this.tokens[this.position++];
    if (!token || (text !== undefined && token.text !== text)) throw new Error(`expected ${text ?? 'a token'}, found ${token?.text ?? 'the end'}`);
    return token;
  }

  private isAt(text: string): boolean {
    return this.peek()?.text === text;
  }

  /** Named `name: value` and positional entries up to `close`; a `...x` / `..x` entry is kept under its marker. */
  private entries(close: string): { named: Record<string, ReadValue>; positional: ReadValue[] } {
    const named: Record<string, ReadValue> = {};
    const positional: ReadValue[] = [];
    while (!this.isAt(close)) {
      if (this.isAt('...') || this.isAt('..')) {
        const marker = this.take().text;
        named[marker] = this.value();
      } else if ((this.peek()?.kind === 'word' || this.peek()?.kind === 'string') && this.peek(1)?.text === ':') {
        const key = this.take();
        this.take(':');
        named[String(key.value ?? key.text)] = this.value();
      } else positional.push(this.value());
      if (!this.isAt(close)) this.take(',');
    }
    this.take(close);
    return { named, positional };
  }

  value(): ReadValue {
    const token = this.take();
    if (token.kind === 'string') {
      if (this.isAt('.') && this.peek(1)?.text === 'to_string') this.position += 4;
      return token.value as string;
    }
    if (token.kind === 'number') return token.value as number;
    if (token.text === '[') return this.entries(']').positional;
    if (token.text === '{') return this.entries('}').named;
    if (token.text === '-') return -(this.value() as number);
    if (token.kind !== 'word') throw new Error(`unexpected ${token.text}`);
    if (token.text === 'true' || token.text === 'false') return token.text === 'true';
    if (['null', 'nil', 'None'].includes(token.text)) return null;
    if (token.text === 'const') return this.value();
    let name = token.text;
    while (this.isAt('.') && this.peek(1)?.kind === 'word') name += `.${(this.position++, this.take().text)}`;
    if (this.isAt('(')) {
      this.take('(');
      const { named, positional } = this.entries(')');
      if (name === 'Some') return positional[0];
      return { $call: name, ...named, ...(positional.length > 0 ? { $positional: positional } : {}) };
    }
    if (this.isAt('{') && /^[A-Z]/.test(name)) {
      this.take('{');
      return { $struct: name, ...this.entries('}').named };
    }
    return { $ref: name };
  }

  /** Every `final|let|const|var NAME (: Type)? = value` binding, by name. */
  bindings(): Record<string, ReadValue> {
    const found: Record<string, ReadValue> = {};
    while (this.position < this.tokens.length) {
      const token = this.take();
      if (token.kind !== 'word' || !['final', 'let', 'const', 'var'].includes(token.text) || this.peek()?.kind !== 'word') continue;
      const name = this.take().text;
      if (this.isAt(':')) this.position += 2;
      if (!this.isAt('=')) continue;
      this.take('=');
      found[name] = this.value();
    }
    return found;
  }
}

/** Reads every top-level binding of a snippet (`final x = …;`, `let x = …`), with comments skipped. */
export function readBindings(code: string, language: ReadLanguage): Record<string, ReadValue> {
  return new Parser(tokenize(code, language)).bindings();
}

/** Reads one literal (for a value written inside a comment line). */
export function readLiteral(text: string, language: ReadLanguage): ReadValue {
  return new Parser(tokenize(text, language)).value();
}
