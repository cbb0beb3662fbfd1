import { describe, expect, it } from 'vitest';
import { twoTierConfigSchema } from './config';
import { manualModeIgnores } from './manual-mode';
import { textMessage } from './test-messages.test-support';

const messages = [textMessage('user', 'go'), textMessage('assistant', 'done')];
const manual = (fields: Record<string, unknown>) => twoTierConfigSchema.parse({ trigger: 'manual', ...fields });

describe('what a manual run says it ignores', () => {
  it('names only settings the user chose: the default tier-2 strategy is not news', () => {
    expect(manualModeIgnores(manual({ keepLast: 2 }), messages)).toEqual([]);
  });

  it('names a tier-2 strategy the user set, and keepFirst', () => {
    const ignored = manualModeIgnores(manual({ keepLast: 2, keepFirst: 2, hardLimitStrategy: 'truncate' }), messages);
    expect(ignored).toEqual([expect.stringMatching(/^keepFirst 2 /), 'hardLimitStrategy truncate (both tiers use observation-mask)']);
  });

  it('says nothing for an automatic trigger', () => {
    expect(manualModeIgnores(twoTierConfigSchema.parse({ trigger: 'preflight', keepFirst: 2 }), messages)).toEqual([]);
  });
});
