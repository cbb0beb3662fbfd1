import type { Block, Message, Role } from '../transcript/model';

/** A minimal canonical message for token tests. */
export function testMessage(role: Role, blocks: Block[], id = `${role}-${blocks.length}`): Message {
  const origin = role === 'assistant' ? 'model' : role === 'tool' ? 'tool' : role === 'system' ? 'injected' : 'human';
  return { id, role, origin, blocks, sourceRef: {}, raw: null };
}
