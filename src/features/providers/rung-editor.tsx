import { useId } from 'react';
import { isConnectAllowed } from '../../state/connect-policy';
import { baseUrlOf, providerIds, type ProviderId } from '../../providers/live/provider-spec';
import { specOfRung } from '../../state/compact-providers';
import { ConnectPolicyNotice } from './connect-policy-notice';
import { baseUrlPlaceholder, keySlotOf, providerLabels } from './provider-labels';
import { useProviderStore, type RungName } from '../../state/provider-store';
import { useModelList } from './use-model-list';
import { TermText } from '../../ui/term';

const rungTitles: Record<RungName, string> = { smol: 'Cheap model (tried first)', main: 'Main model' };

/** One rung of the ladder: provider, endpoint and model, with "Test connection" filling the model list. */
export function RungEditor({ rung }: { rung: RungName }) {
  const draft = useProviderStore((state) => state.rungs[rung]);
  const heldKeys = useProviderStore((state) => state.heldKeys);
  const rungEdited = useProviderStore((state) => state.rungEdited);
  const listId = useId();
  const name = rung === 'smol' ? 'Cheap model' : 'Main';
  const provider = draft.provider === 'none' ? undefined : draft.provider;
  // The list needs no model id; a placeholder lets an empty model field still test the endpoint and key.
  const checked = specOfRung(rung, { ...draft, model: draft.model.trim() || 'model-list' });
  const spec = 'spec' in checked ? checked.spec : undefined;
  const keyMask = provider ? heldKeys.find((held) => held.provider === keySlotOf(provider))?.last4 : undefined;
  const models = useModelList(spec, keyMask);
  const endpoint = spec ? baseUrlOf(spec) : undefined;
  const isBlocked = endpoint !== undefined && !isConnectAllowed(endpoint);
  const result = models.data;
  return (
    <fieldset className="rung-editor">
      <legend>{rung === 'smol' ? <TermText id="cheap-model">{rungTitles[rung]}</TermText> : rungTitles[rung]}</legend>
      <label>
        Provider{' '}
        <select aria-label={`${name} provider`} value={draft.provider} onChange={(event) => rungEdited(rung, { provider: event.target.value as ProviderId | 'none' })}>
          {rung === 'smol' && <option value="none">None (main model only)</option>}
          {providerIds.map((id) => (
            <option key={id} value={id}>{providerLabels[id]}</option>
          ))}
        </select>
      </label>
      {provider && (
        <>
          <label>
            Base URL{' '}
            <input aria-label={`${name} base URL`} value={draft.baseURL} placeholder={baseUrlPlaceholder(provider)} spellCheck={false} onChange={(event) => rungEdited(rung, { baseURL: event.target.value })} />
          </label>
          <label>
            Model{' '}
            <input aria-label={`${name} model`} value={draft.model} list={listId} spellCheck={false} placeholder="model id" onChange={(event) => rungEdited(rung, { model: event.target.value })} />
          </label>
          <datalist id={listId}>
            {result?.ok && result.models.slice(0, 1000).map((model) => <option key={model} value={model} />)}
          </datalist>
          <button type="button" disabled={!spec || isBlocked || models.isFetching} onClick={() => void models.refetch()}>
            {models.isFetching ? 'Testing…' : 'Test connection'}
          </button>
          {'error' in checked && <p className="alert" role="alert">{checked.error}</p>}
          {isBlocked && endpoint && <ConnectPolicyNotice url={endpoint} />}
          {!models.isFetching && result && (
            <p className={result.ok ? 'connection-ok' : 'alert'} role="status">
              {result.ok ? `Connected: ${result.models.length} models listed${result.models.length > 0 ? ' — pick one or type any id' : ''}.` : result.message}
            </p>
          )}
          {models.error && <p className="alert" role="status">{models.error.message}</p>}
        </>
      )}
    </fieldset>
  );
}
