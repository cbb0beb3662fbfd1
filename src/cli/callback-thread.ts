import { parentPort, workerData } from 'node:worker_threads';
import { createJavaScriptCallbackRunner } from '../ports/javascript-callback-runner';
import { answerRequest, describeAnything, type CallbackReply, type CallbackRequest, type ThreadMessage } from './callback-transfer';

// The worker thread the CLI runs callbacks in (see callback-host.ts): one request at a time, answered in order.
const port = parentPort;
if (!port) throw new Error('callback-thread.ts runs only as a worker thread');
const { budgetMs } = workerData as { budgetMs: number };
// The CLI's own timer stops this thread when a call's budget passes; this runner's budget is only a backstop behind it.
const runner = createJavaScriptCallbackRunner({ budgetMs });

/** Posts a reply; a thrown value that cannot be cloned (one holding a function) crosses as an Error with its description. */
function post(reply: CallbackReply): void {
  try {
    port?.postMessage(reply satisfies ThreadMessage);
  } catch (error) {
    const thrown = reply.type === 'threw' ? reply.thrown : error;
    port?.postMessage({ type: 'threw', thrown: new Error(describeAnything(thrown)) } satisfies ThreadMessage);
  }
}

port.on('message', (request: CallbackRequest) => {
  void answerRequest(runner, request).then(post);
});
port.postMessage({ type: 'ready' } satisfies ThreadMessage);
