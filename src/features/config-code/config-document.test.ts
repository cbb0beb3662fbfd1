import { describe, expect, it } from 'vitest';
import { useConfigStore } from '../../state/config-store';
import { parseConfig } from '../../state/parsed-config';
import { useLabStore } from '../../state/store';
import { documentForCode } from './config-document';

describe('documentForCode', () => {
  it('uses the profile\'s defaults with the page\'s window when the config was not edited', () => {
    useLabStore.getState().contextWindowChosen(64000);
    useConfigStore.getState().profileChosen('two-tier');
    expect(documentForCode(useConfigStore.getState().config)).toEqual({ config: { schemaVersion: 1, profile: 'two-tier', contextWindow: 64000 } });
    useConfigStore.getState().profileChosen('rolling-summary');
    expect(documentForCode(useConfigStore.getState().config)).toEqual({ config: { schemaVersion: 1, profile: 'rolling-summary' } });
  });

  it('reads the edited text, and says so when it is not JSON', () => {
    expect(documentForCode(parseConfig('{"profile":"unified","window":9000}'))).toEqual({ config: { profile: 'unified', window: 9000 } });
    const broken = documentForCode(parseConfig('{"profile":'));
    expect('error' in broken && broken.error).toMatch(/not valid JSON/);
  });
});
