/** Token accounting: exact counts per message and batch, the cache, the basis of every figure, and the logged-usage fit. */
export { countMessageTokens, countTranscript, type TranscriptTokenCount } from './accounting';
export { basisName, contentFigure, contextBasis, contextFigure, type ContextBasis, type ContextFigure } from './context-basis';
export { estimateTokens } from './estimate';
export { loggedCalls } from './logged-calls';
export { countMessageBatches, countMessagesInBatches } from './message-batches';
export { messageImageTokens, messageText } from './message-text';
export { breakdownMessages, insertionKindsById, kindTotals } from './pass-breakdown';
export { TokenCache } from './token-cache';
export { encodingNames, type EncodingName, type TokenCounter } from './token-counter';
export { tokenKinds, type TokenKind } from './token-kinds';
export { fitLoggedUsage, type UsageFit } from './usage-fit';
