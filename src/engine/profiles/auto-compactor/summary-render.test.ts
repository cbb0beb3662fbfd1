import { describe, expect, it } from 'vitest';
import type { Message } from '../../transcript/model';
import { runWith, textMessage, textOf } from './auto-compactor.test-support';

const incidentNote = '[context note: your last tool call was dropped from context]';

describe('a summary already in the context is shown as it is', () => {
  it('D33: a carried summary holding an ephemeral note (written before the sanitizer) keeps it in a no-work run\'s output, where upstream\'s render path would strip it', async () => {
    const messages = [textMessage('user', 402, { id: 'u1' }), textMessage('assistant', 400, { id: 'a1' })];
    const first = await runWith(messages, { config: { force: true }, main: [{ text: '## Progress\n- Fixed the parser.' }] });
    const [summary, ...kept] = first.result.messages;
    expect(summary.origin).toBe('summary');
    // As if an older version had written the note into the record: the sanitizer never saw it.
    const poisoned: Message = { ...summary, blocks: [{ kind: 'text', text: textOf(summary).replace('- Fixed the parser.', `- Fixed the parser.\n${incidentNote}`) }] };
    const again = await runWith([poisoned, ...kept], { config: { force: true }, carryState: first.result.carryState });
    expect(again.main.requests).toHaveLength(0);
    expect(again.result.passes[0].flags).toContain('no-work');
    expect(textOf(again.result.messages[0])).toContain(incidentNote);
  });
});
