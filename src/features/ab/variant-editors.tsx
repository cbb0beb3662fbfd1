import { useProviderStore } from '../../state/provider-store';
import { useConfigStore } from '../../state/config-store';
import { useAbStore } from './ab-store';
import { rungsOfB, summarizerLabel } from './ab-variants';

/** Variant A, read-only: the Compaction panel's config and the page's summarizer (edit them there). */
export function VariantA() {
  const shown = useConfigStore((state) => state.config.text);
  const { mode, rungs } = useProviderStore();
  return (
    <section className="ab-variant" aria-label="Variant A">
      <h3>Variant A</h3>
      <p className="muted">The Compaction panel's config · {summarizerLabel(mode, rungs)}</p>
      <textarea aria-label="Variant A config JSON" readOnly spellCheck={false} rows={10} value={shown} />
    </section>
  );
}

/** Variant B: its own config JSON (a copy of A's until edited) and optionally its own model ids. */
export function VariantB({ disabled }: { disabled: boolean }) {
  const textA = useConfigStore((state) => state.config.text);
  const textB = useConfigStore((state) => state.variantB?.text);
  const variantBEdited = useConfigStore((state) => state.variantBEdited);
  const { bModels, bModelEdited } = useAbStore();
  const { mode, rungs } = useProviderStore();
  const isLive = mode === 'live';
  return (
    <section className="ab-variant" aria-label="Variant B">
      <h3>Variant B</h3>
      <p className="muted">
        {textB === undefined ? "A copy of A's config until you edit it" : 'Edited'} · {summarizerLabel(mode, rungsOfB(rungs, bModels))}
      </p>
      <textarea
        aria-label="Variant B config JSON"
        spellCheck={false}
        rows={10}
        disabled={disabled}
        value={textB ?? textA}
        onChange={(event) => variantBEdited(event.target.value)}
      />
      <div className="ab-variant-models">
        <label>
          B main model{' '}
          <input aria-label="Variant B main model" disabled={disabled || !isLive} placeholder={rungs.main.model} value={bModels.main} onChange={(event) => bModelEdited('main', event.target.value)} />
        </label>
        <label>
          B smol model{' '}
          <input
            aria-label="Variant B smol model"
            disabled={disabled || !isLive || rungs.smol.provider === 'none'}
            placeholder={rungs.smol.provider === 'none' ? 'none' : rungs.smol.model}
            value={bModels.smol}
            onChange={(event) => bModelEdited('smol', event.target.value)}
          />
        </label>
        {!isLive && <span className="muted">Models apply with live providers (Summarizer settings).</span>}
      </div>
      {textB !== undefined && (
        <button type="button" disabled={disabled} onClick={() => variantBEdited(undefined)}>
          Copy A's config into B
        </button>
      )}
    </section>
  );
}
