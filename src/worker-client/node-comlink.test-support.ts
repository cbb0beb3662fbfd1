import type { Endpoint } from 'comlink';
import type { MessagePort, Worker } from 'node:worker_threads';

type Listener = EventListenerOrEventListenerObject;

/**
 * A Node worker thread (or its parent port) as a comlink endpoint: Node hands a message's data to `message` listeners,
 * where comlink, like a Web Worker, expects an event with `data`. Tests run the page's comlink code over real threads.
 */
export function nodeEndpoint(port: MessagePort | Worker): Endpoint {
  const wrapped = new WeakMap<Listener, (data: unknown) => void>();
  return {
    postMessage: (message: unknown) => port.postMessage(message),
    addEventListener(_type: string, listener: Listener) {
      const onMessage = (data: unknown) => {
        const event = { data } as MessageEvent;
        if ('handleEvent' in listener) listener.handleEvent(event);
        else listener(event);
      };
      wrapped.set(listener, onMessage);
      port.on('message', onMessage);
    },
    removeEventListener(_type: string, listener: Listener) {
      const onMessage = wrapped.get(listener);
      if (onMessage) port.off('message', onMessage);
      wrapped.delete(listener);
    },
  };
}
