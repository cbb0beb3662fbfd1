import { formatInteger } from '../../ui/format';
import type { ConfigJsonSchema } from '../../worker-client/config-protocol';
import { pathText, valueAt, type ConfigDocument, type DocumentPath } from '../../engine/config';
import { ChoiceSelect, LinesInput, NumberInput, TextInput } from './field-controls';
import { describeDefault, fieldSpec, fieldSpecs, type FieldSpec } from './schema-fields';

/** What every field of the form reads and writes. */
export interface FormContext {
  document: ConfigDocument;
  /** Sets the value at a path; undefined removes it (the field falls back to its default). */
  write(path: DocumentPath, value: unknown): void;
  /** Issue messages by the engine's path text (`operativeSkills[0].name`). */
  issues: ReadonlyMap<string, string[]>;
  /** Paths (as text) edited under Prompt overrides instead of here. */
  promptPaths: ReadonlySet<string>;
}

/** What a blank number field means, greyed in it: the default in force ("16,384", "none"), or "unset". */
function valueInForce(spec: FieldSpec): string {
  if (!spec.hasDefault) return 'unset';
  if (spec.defaultValue === null) return 'none';
  return typeof spec.defaultValue === 'number' ? formatInteger(spec.defaultValue) : 'default';
}

function FieldControl({ spec, path, context }: { spec: FieldSpec; path: DocumentPath; context: FormContext }) {
  const label = pathText(path);
  const value = valueAt(context.document, path);
  const write = (next: unknown) => context.write(path, next);
  const defaultLabel = spec.hasDefault ? `default (${spec.defaultValue === null ? 'none' : String(spec.defaultValue)})` : 'unset';
  const { field } = spec;
  switch (field.kind) {
    case 'number':
      return (
        <span className="field-number">
          <NumberInput label={label} value={value} isInteger={field.isInteger} minimum={field.minimum} maximum={field.maximum} placeholder={valueInForce(spec)} onChange={write} />
          {spec.isNullable && (
            <label className="field-none">
              <input type="checkbox" aria-label={`${label}: none`} checked={value === null} onChange={(event) => write(event.target.checked ? null : undefined)} />
              none
            </label>
          )}
        </span>
      );
    case 'boolean':
      return <ChoiceSelect label={label} value={value} defaultLabel={defaultLabel} choices={[{ label: 'true', value: true }, { label: 'false', value: false }]} onChange={write} />;
    case 'enum': {
      const choices = field.options.map((option) => ({ label: option, value: option as unknown }));
      return <ChoiceSelect label={label} value={value} defaultLabel={defaultLabel} choices={spec.isNullable ? [...choices, { label: 'none', value: null }] : choices} onChange={write} />;
    }
    case 'text':
      return <TextInput label={label} value={value} isLong={field.isLong} placeholder={spec.hasDefault ? 'default' : 'unset'} onChange={write} />;
    case 'text-list':
      return <LinesInput label={label} value={value} onChange={write} />;
    default:
      return <span className="muted">Edit this field in Raw JSON.</span>;
  }
}

function newItem(item: ConfigJsonSchema): Record<string, unknown> {
  // Required text starts empty so the row exists at once and the engine's message says what to fill in.
  return Object.fromEntries((item.required ?? []).map((name) => [name, '']));
}

function ObjectList({ spec, item, path, context }: { spec: FieldSpec; item: ConfigJsonSchema; path: DocumentPath; context: FormContext }) {
  const label = pathText(path);
  const current = valueAt(context.document, path);
  const items = Array.isArray(current) ? current : [];
  return (
    <fieldset className="schema-group">
      <legend>{spec.name} <span className="field-default">{describeDefault(spec)}</span></legend>
      {spec.description && <p className="field-description">{spec.description}</p>}
      {items.map((_, index) => (
        <fieldset key={index} className="schema-row">
          <legend>{`${spec.name} ${index + 1}`}</legend>
          {fieldSpecs(item).map((child) => (
            <SchemaField key={child.name} spec={child} path={[...path, index, child.name]} context={context} />
          ))}
          <button type="button" aria-label={`Remove ${label}[${index}]`} onClick={() => context.write(path, items.length === 1 ? undefined : items.filter((__, other) => other !== index))}>
            Remove
          </button>
        </fieldset>
      ))}
      <button type="button" aria-label={`Add to ${label}`} onClick={() => context.write(path, [...items, newItem(item)])}>Add</button>
      <FieldIssues label={label} context={context} />
    </fieldset>
  );
}

function FieldIssues({ label, context }: { label: string; context: FormContext }) {
  const messages = context.issues.get(label);
  if (!messages) return null;
  return (
    <ul className="field-issues">
      {messages.map((message) => <li key={message}>{message}</li>)}
    </ul>
  );
}

/** One parameter of the form, by its kind: a control, a fieldset of nested fields, or rows of objects. */
export function SchemaField({ spec, path, context }: { spec: FieldSpec; path: DocumentPath; context: FormContext }) {
  const label = pathText(path);
  const { field } = spec;
  if (context.promptPaths.has(label)) return null;
  if (field.kind === 'object-list') return <ObjectList spec={spec} item={field.item} path={path} context={context} />;
  if (field.kind === 'object') {
    const children = Object.entries(field.properties).map(([name, child]) => fieldSpec(name, child));
    const shown = children.filter((child) => !context.promptPaths.has(pathText([...path, child.name])));
    if (shown.length === 0) return <p className="muted schema-note">{spec.name}: edited under Prompt overrides.</p>;
    return (
      <fieldset className="schema-group">
        <legend>{spec.name} <span className="field-default">{describeDefault(spec)}</span></legend>
        {spec.description && <p className="field-description">{spec.description}</p>}
        {shown.map((child) => <SchemaField key={child.name} spec={child} path={[...path, child.name]} context={context} />)}
        <FieldIssues label={label} context={context} />
      </fieldset>
    );
  }
  return (
    <div className={`schema-field${context.issues.has(label) ? ' has-issue' : ''}`}>
      <div className="field-head">
        <span className="field-name">{spec.name}</span>
        <span className="field-default">{describeDefault(spec)}</span>
      </div>
      <FieldControl spec={spec} path={path} context={context} />
      {spec.description && <p className="field-description">{spec.description}</p>}
      <FieldIssues label={label} context={context} />
    </div>
  );
}
