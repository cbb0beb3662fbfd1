/**
 * A choice for every field of an engine type the CLI prints from: `true` where the CLI's JSON prints the field,
 * `false` where it leaves it out (with a comment saying why). `Record` over `keyof` asks for every field, optional
 * ones included, so a field the engine adds or renames fails to compile where the choices meet `PrintedFields`, until
 * the CLI decides whether to print it.
 */
type FieldChoices<Source> = Record<keyof Source, boolean>;

/**
 * The fields of `Source` its choices print, with the engine's own types and doc comments: the CLI's output type
 * follows the engine's instead of copying it. The order printed is the output's object literal's, not this type's.
 */
export type PrintedFields<Source, Choices extends FieldChoices<Source>> = Pick<Source, { [Field in keyof Source]-?: Choices[Field] extends true ? Field : never }[keyof Source]>;
