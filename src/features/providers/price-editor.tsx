import { useState } from 'react';
import { defaultPriceTable, type ModelPrice } from '../../providers/live/pricing';
import { useProviderStore } from '../../state/provider-store';

/** A price field's text as dollars per million tokens, or undefined when it is not a non-negative number. */
function readAmount(text: string): number | undefined {
  const amount = Number(text);
  return text.trim() !== '' && Number.isFinite(amount) && amount >= 0 ? amount : undefined;
}

/** One model's prices, edited in place. */
function PriceRow({ model, price }: { model: string; price: ModelPrice }) {
  const prices = useProviderStore((state) => state.prices);
  const pricesEdited = useProviderStore((state) => state.pricesEdited);
  const change = (field: keyof ModelPrice, text: string) => {
    const amount = readAmount(text);
    if (amount !== undefined) pricesEdited({ ...prices, [model]: { ...price, [field]: amount } });
  };
  const remove = () => {
    pricesEdited(Object.fromEntries(Object.entries(prices).filter(([id]) => id !== model)));
  };
  return (
    <tr>
      <td><code>{model}</code></td>
      <td><input type="number" min={0} step="any" aria-label={`${model} input price`} defaultValue={price.inputPerMillion} onChange={(event) => change('inputPerMillion', event.target.value)} /></td>
      <td><input type="number" min={0} step="any" aria-label={`${model} output price`} defaultValue={price.outputPerMillion} onChange={(event) => change('outputPerMillion', event.target.value)} /></td>
      <td><button type="button" aria-label={`Remove ${model} price`} onClick={remove}>Remove</button></td>
    </tr>
  );
}

/**
 * The price table the run's costs come from, in US dollars per million tokens. A model missing here costs
 * "unknown", never $0: add a row (a local model can be priced at 0 on purpose).
 */
export function PriceEditor() {
  const prices = useProviderStore((state) => state.prices);
  const pricesEdited = useProviderStore((state) => state.pricesEdited);
  const [model, setModel] = useState('');
  const [input, setInput] = useState('');
  const [output, setOutput] = useState('');
  // Rows edit uncontrolled fields (so typing "0." is not fought); a reset remounts them with the new values.
  const [generation, setGeneration] = useState(0);
  const inputAmount = readAmount(input);
  const outputAmount = readAmount(output);
  const canAdd = model.trim() !== '' && inputAmount !== undefined && outputAmount !== undefined;
  return (
    <details className="price-editor">
      <summary>Prices (USD per million tokens, {Object.keys(prices).length} models)</summary>
      <table aria-label="Prices">
        <thead>
          <tr><th>Model</th><th>Input</th><th>Output</th><th /></tr>
        </thead>
        <tbody>
          {Object.entries(prices).map(([id, price]) => (
            <PriceRow key={`${generation}:${id}`} model={id} price={price} />
          ))}
        </tbody>
      </table>
      <form
        className="price-add"
        onSubmit={(event) => {
          event.preventDefault();
          if (!canAdd) return;
          pricesEdited({ ...prices, [model.trim()]: { inputPerMillion: inputAmount, outputPerMillion: outputAmount } });
          setModel('');
          setInput('');
          setOutput('');
        }}
      >
        <input aria-label="New price model" placeholder="model id" value={model} onChange={(event) => setModel(event.target.value)} />
        <input aria-label="New price input" placeholder="input $/M" inputMode="decimal" value={input} onChange={(event) => setInput(event.target.value)} />
        <input aria-label="New price output" placeholder="output $/M" inputMode="decimal" value={output} onChange={(event) => setOutput(event.target.value)} />
        <button type="submit" disabled={!canAdd}>Add price</button>
        <button type="button" onClick={() => {
            pricesEdited(defaultPriceTable);
            setGeneration(generation + 1);
          }}>Reset to built-in prices</button>
      </form>
    </details>
  );
}
