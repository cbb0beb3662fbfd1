import type { ModelPrice, PriceOverrides } from '../../providers/prices/overrides';
import { useProviderStore } from '../../state/provider-store';
import { priceFields, readAmount } from './price-fields';

type CacheField = Exclude<keyof ModelPrice, 'inputPerMillion' | 'outputPerMillion'>;

const isCacheField = (field: keyof ModelPrice): field is CacheField => field !== 'inputPerMillion' && field !== 'outputPerMillion';

function withoutField(price: ModelPrice, field: CacheField): ModelPrice {
  const copy = { ...price };
  delete copy[field];
  return copy;
}

/**
 * One override, edited in place. Input and output take only a price; a cache price may be emptied, and the catalog's
 * then applies again (or the input price, for a model the catalog lacks: `emptyMeans` says which, per field).
 */
export function PriceRow({ model, price, emptyMeans = {} }: { model: string; price: ModelPrice; emptyMeans?: Partial<Record<keyof ModelPrice, string>> }) {
  const prices = useProviderStore((state) => state.prices);
  const pricesEdited = useProviderStore((state) => state.pricesEdited);
  const edited = (next: ModelPrice) => pricesEdited({ ...prices, [model]: next } satisfies PriceOverrides);
  const change = (field: keyof ModelPrice, text: string) => {
    const amount = readAmount(text);
    if (amount !== undefined) edited({ ...price, [field]: amount });
    else if (text.trim() === '' && isCacheField(field)) edited(withoutField(price, field));
  };
  const remove = () => {
    pricesEdited(Object.fromEntries(Object.entries(prices).filter(([id]) => id !== model)));
  };
  return (
    <tr>
      <td><code>{model}</code></td>
      {priceFields.map(({ field, label, required }) => (
        <td key={field}>
          <input
            type="number" min={0} step="any" aria-label={`${model} ${label} price`} defaultValue={price[field] ?? ''}
            placeholder={required ? undefined : (emptyMeans[field] ?? 'catalog')} onChange={(event) => change(field, event.target.value)}
          />
        </td>
      ))}
      <td><button type="button" aria-label={`Remove ${model} price`} onClick={remove}>Remove</button></td>
    </tr>
  );
}
