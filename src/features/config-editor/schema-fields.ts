import type { ConfigJsonSchema } from '../../worker-client/config-protocol';

/** How the form edits one parameter, read from its JSON Schema node. */
type FieldKind =
  | { kind: 'number'; isInteger: boolean; minimum?: number; maximum?: number }
  | { kind: 'boolean' }
  | { kind: 'enum'; options: string[] }
  | { kind: 'text'; isLong: boolean }
  | { kind: 'text-list' }
  | { kind: 'object-list'; item: ConfigJsonSchema }
  | { kind: 'object'; properties: Record<string, ConfigJsonSchema> }
  | { kind: 'unsupported' };

/** A parameter as the form shows it: how to edit it, whether null ("none") is allowed, and its default if it has one. */
export interface FieldSpec {
  name: string;
  field: FieldKind;
  isNullable: boolean;
  hasDefault: boolean;
  defaultValue?: unknown;
  description?: string;
}

/** Strings that hold prose or code get a textarea even when their default is short. */
const longTextName = /prompt|callback|compactor|instructions/i;

function nonNullBranch(node: ConfigJsonSchema): { node: ConfigJsonSchema; isNullable: boolean } {
  if (node.anyOf) {
    const others = node.anyOf.filter((branch) => branch.type !== 'null');
    if (others.length === 1) return { node: others[0], isNullable: others.length < node.anyOf.length };
  }
  if (Array.isArray(node.type) && node.type.includes('null')) {
    const types = node.type.filter((type) => type !== 'null');
    return { node: { ...node, type: types.length === 1 ? types[0] : types }, isNullable: true };
  }
  return { node, isNullable: false };
}

function kindOf(name: string, node: ConfigJsonSchema, defaultValue: unknown): FieldKind {
  if (node.enum && node.enum.every((option) => typeof option === 'string')) return { kind: 'enum', options: node.enum as string[] };
  switch (node.type) {
    case 'integer':
    case 'number': {
      const minimum = node.minimum ?? node.exclusiveMinimum;
      return { kind: 'number', isInteger: node.type === 'integer', minimum, maximum: node.maximum ?? node.exclusiveMaximum };
    }
    case 'boolean':
      return { kind: 'boolean' };
    case 'string':
      return { kind: 'text', isLong: longTextName.test(name) || (typeof defaultValue === 'string' && defaultValue.length > 60) };
    case 'array':
      if (node.items?.type === 'string') return { kind: 'text-list' };
      if (node.items?.type === 'object') return { kind: 'object-list', item: node.items };
      return { kind: 'unsupported' };
    case 'object':
      return { kind: 'object', properties: node.properties ?? {} };
    default:
      return { kind: 'unsupported' };
  }
}

/** Reads one property of the schema as a form field. */
export function fieldSpec(name: string, node: ConfigJsonSchema): FieldSpec {
  const { node: value, isNullable } = nonNullBranch(node);
  const hasDefault = 'default' in node;
  return { name, field: kindOf(name, value, node.default), isNullable, hasDefault, defaultValue: node.default, description: node.description };
}

/** The fields of an object node, in schema order. */
export function fieldSpecs(node: ConfigJsonSchema): FieldSpec[] {
  return Object.entries(node.properties ?? {}).map(([name, child]) => fieldSpec(name, child));
}

/** A default as a short phrase beside the field: `default 16,384`, `default none`, `no default (unset)`. */
export function describeDefault(spec: FieldSpec): string {
  if (!spec.hasDefault) return 'default: unset';
  const value = spec.defaultValue;
  if (value === null) return 'default: none';
  if (typeof value === 'number') return `default: ${value.toLocaleString('en-US')}`;
  if (typeof value === 'string') return value.length > 40 ? `default: ${JSON.stringify(value.slice(0, 40))}… (${value.length} characters)` : `default: ${JSON.stringify(value)}`;
  return `default: ${JSON.stringify(value)}`;
}
