import { useState } from 'react';
import type { ModelPrice } from '../../providers/prices/overrides';
import { catalogAsOf, catalogSource } from '../../providers/prices/catalog';
import { useProviderStore } from '../../state/provider-store';
import { usePriceBook, type PriceBookState } from '../../state/use-price-book';
import { priceFields, pricesInWords, readAmount } from './price-fields';
import { PriceRow } from './price-row';

/** What a model's calls cost per million tokens, in words: the catalog's price, the user's, or "cost unknown". */
function modelPriceText(model: string, book: PriceBookState): string {
  if (book.state === 'loading') return 'loading the catalog…';
  if (book.state === 'failed') return `cost unknown (the catalog could not be loaded: ${book.reason})`;
  const found = book.book.pricesFor(model);
  if (!found) return 'cost unknown: not in the catalog, and you have not priced it';
  const origin = found.origin === 'override' ? 'your price' : `catalog${found.matchedModel ? `, as ${found.matchedModel}` : ''}`;
  return `${pricesInWords(found.prices)} (${origin})`;
}

/** The rungs' models as they will be priced, so the user sees at a glance which calls have a known cost. */
function RungPrices({ book }: { book: PriceBookState }) {
  const rungs = useProviderStore((state) => state.rungs);
  const chosen = [
    ...(rungs.smol.provider !== 'none' && rungs.smol.model.trim() !== '' ? [['Cheap model (smol)', rungs.smol.model.trim()]] : []),
    ...(rungs.main.model.trim() !== '' ? [['Main model', rungs.main.model.trim()]] : []),
  ];
  if (chosen.length === 0) return null;
  return (
    <ul className="rung-prices" aria-label="Prices of your models">
      {chosen.map(([rung, model]) => (
        <li key={rung}>{rung} <code>{model}</code>: {modelPriceText(model, book)}</li>
      ))}
    </ul>
  );
}

/**
 * What an emptied cache price of an override falls back to, per field: the catalog's price, or the input price where the
 * catalog has none for the model (a local model the catalog lacks). A field the user filled is read from the others.
 */
function emptyCacheMeans(model: string, book: PriceBookState): Partial<Record<keyof ModelPrice, string>> {
  const origins = book.state === 'loaded' ? book.book.pricesFor(model)?.kindOrigins : undefined;
  if (!origins) return {};
  const values = Object.values(origins);
  const otherwise = values.includes('catalog') ? 'catalog' : values.includes('input price') ? 'input price' : 'catalog';
  return Object.fromEntries(priceFields.filter(({ required }) => !required).map(({ field, kind }) => [field, origins[kind] === 'yours' ? otherwise : origins[kind]]));
}

const emptyDraft: Record<keyof ModelPrice, string> = { inputPerMillion: '', outputPerMillion: '', cacheReadPerMillion: '', cacheWritePerMillion: '', cacheWriteHourPerMillion: '' };

/** The draft's price, or undefined while input or output is missing or any field is not a non-negative number. */
function draftPrice(draft: Record<keyof ModelPrice, string>): ModelPrice | undefined {
  const price: Partial<ModelPrice> = {};
  for (const { field, required } of priceFields) {
    const text = draft[field];
    if (!required && text.trim() === '') continue;
    const amount = readAmount(text);
    if (amount === undefined) return undefined;
    price[field] = amount;
  }
  return price as ModelPrice;
}

/**
 * Where every cost's prices come from: the catalog (`@pydantic/genai-prices`, its date shown), with the user's
 * overrides on top, in US dollars per million tokens. Any model can be overridden, cache prices included (left empty,
 * the catalog's apply), and a model the catalog lacks can be priced; a model neither prices is "cost unknown", never
 * $0 (a local model can be priced at 0 on purpose).
 */
export function PriceEditor() {
  const prices = useProviderStore((state) => state.prices);
  const pricesEdited = useProviderStore((state) => state.pricesEdited);
  const book = usePriceBook();
  const [model, setModel] = useState('');
  const [draft, setDraft] = useState(emptyDraft);
  // Rows edit uncontrolled fields (so typing "0." is not fought); removing every override remounts them.
  const [generation, setGeneration] = useState(0);
  const overrides = Object.entries(prices);
  const price = draftPrice(draft);
  const canAdd = model.trim() !== '' && price !== undefined;
  return (
    <details className="price-editor">
      <summary>Prices (USD per million tokens, {overrides.length === 1 ? '1 override' : `${overrides.length} overrides`})</summary>
      <p className="price-source">
        Every call is priced from <strong>{catalogSource}</strong>, prices as of <time dateTime={catalogAsOf}>{catalogAsOf}</time>; your
        prices below win over it (a cache price left empty keeps the catalog’s). A model neither prices has its cost
        shown as “cost unknown”, never $0.
      </p>
      <RungPrices book={book} />
      {overrides.length === 0 ? (
        <p className="price-none">No overrides: the catalog prices every model it knows.</p>
      ) : (
        <table aria-label="Price overrides">
          <thead>
            <tr><th>Model</th>{priceFields.map(({ field, label }) => <th key={field}>{label}</th>)}<th /></tr>
          </thead>
          <tbody>
            {overrides.map(([id, entry]) => <PriceRow key={`${generation}:${id}`} model={id} price={entry} emptyMeans={emptyCacheMeans(id, book)} />)}
          </tbody>
        </table>
      )}
      <form
        className="price-add"
        onSubmit={(event) => {
          event.preventDefault();
          if (!canAdd) return;
          pricesEdited({ ...prices, [model.trim()]: price });
          setGeneration(generation + 1);
          setModel('');
          setDraft(emptyDraft);
        }}
      >
        <input className="price-model" aria-label="New price model" placeholder="model id" value={model} onChange={(event) => setModel(event.target.value)} />
        {priceFields.map(({ field, label, required }) => (
          <input
            key={field} aria-label={`New price ${label}`} placeholder={`${label} $/M`} inputMode="decimal" required={required}
            value={draft[field]} onChange={(event) => setDraft({ ...draft, [field]: event.target.value })}
          />
        ))}
        <button type="submit" disabled={!canAdd}>Add price</button>
        <button type="button" disabled={overrides.length === 0} onClick={() => {
            pricesEdited({});
            setGeneration(generation + 1);
          }}>Remove all overrides</button>
      </form>
      {model.trim() !== '' && <p className="price-hint" role="status"><code>{model.trim()}</code> now: {modelPriceText(model.trim(), book)}</p>}
    </details>
  );
}
