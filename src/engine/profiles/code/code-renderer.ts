import type { CodeLanguage } from './code-language';
import { notApplicable, type ForeignTarget } from './commented-fields';
import { dartValue } from './dart-literal';
import { harnValue } from './harn-literal';
import type { ConfigCode, ConfigFields, RenderInput } from './render-input';
import { tsValue } from './ts-literal';

/** Each language's seed API and literal writer, for the snippet of a profile that has no counterpart there. */
const foreignTargets: Record<CodeLanguage, ForeignTarget & { name: string }> = {
  dart: { name: 'Dart', target: 'Dart AutoCompactor', literal: dartValue },
  ts: { name: 'TypeScript', target: 'TypeScript AssembleCompactedTurnsOptions (@nhtio/adk)', literal: tsValue },
  harn: { name: 'Harn', target: 'Harn AutoCompactConfig', literal: harnValue },
};

/** A profile's renderer for one language. */
type LanguageRenderer<Config extends ConfigFields> = (input: RenderInput<Config>) => ConfigCode;

/**
 * A profile's `renderCode`: its own renderers for the languages whose seed API has a counterpart of its parameters,
 * and for every other language a snippet that lists the values as comments and points to the profile's own language.
 */
export function codeRenderer<Config extends ConfigFields>(own: Partial<Record<CodeLanguage, LanguageRenderer<Config>>>): (input: RenderInput<Config>, language: CodeLanguage) => ConfigCode {
  return (input, language) => {
    const render = own[language];
    if (render) return render(input);
    return notApplicable(input, foreignTargets[language], `Render it as ${foreignTargets[input.meta.codeLanguage].name}.`);
  };
}
