import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { RecordedRequest } from './recorded-request';

const sseHeaders = { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' };

/**
 * One request and its response, as the server sees them: writes keep the recorded status current, timers die with
 * the response, and a client that disconnects before the response ended is recorded as `closedEarly`.
 */
export class MockExchange {
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Set when the mock itself cut the response (a reset, or close()), so that is not blamed on the client. */
  private isCutByServer = false;
  private isClosed = false;

  constructor(
    readonly request: IncomingMessage,
    readonly response: ServerResponse,
    readonly record: RecordedRequest,
    onClosed: (exchange: MockExchange) => void,
  ) {
    response.on('close', () => {
      this.isClosed = true;
      this.stopTimers();
      if (!response.writableEnded && !this.isCutByServer) record.closedEarly = true;
      onClosed(this);
    });
  }

  /** True once the response is over, whoever ended it: nothing more may be written. */
  get isOver(): boolean {
    return this.response.writableEnded || this.isClosed;
  }

  /** Sends the status line and headers (merged with the CORS headers already set) and records the status. */
  head(status: number, headers: OutgoingHttpHeaders = {}): void {
    this.record.status = status;
    this.response.writeHead(status, headers);
  }

  /** A whole JSON answer. */
  sendJson(status: number, body: unknown, headers: OutgoingHttpHeaders = {}): void {
    this.head(status, { 'content-type': 'application/json', ...headers });
    this.response.end(JSON.stringify(body));
  }

  /** A whole body that is not JSON (malformed answers). */
  sendRaw(status: number, contentType: string, body: string): void {
    this.head(status, { 'content-type': contentType });
    this.response.end(body);
  }

  /**
   * Writes `pieces` one after another and ends. With `intervalMs` 0 they go out at once; otherwise the first goes at
   * once and each next one after the interval, so a client sees the answer grow.
   */
  sendPieces(contentType: string, pieces: readonly string[], intervalMs: number): void {
    this.head(200, contentType.startsWith('text/event-stream') ? sseHeaders : { 'content-type': contentType });
    if (intervalMs === 0) {
      this.response.end(pieces.join(''));
      return;
    }
    const writeFrom = (index: number): void => {
      if (this.isOver) return;
      if (index >= pieces.length) {
        this.response.end();
        return;
      }
      this.response.write(pieces[index]);
      this.after(intervalMs, () => writeFrom(index + 1));
    };
    writeFrom(0);
  }

  /** Sends 200 SSE headers and `frames` (none by default), then a comment line every `intervalMs`, forever. */
  dribble(intervalMs: number, frames: readonly string[] = []): void {
    this.head(200, sseHeaders);
    for (const frame of frames) this.response.write(frame);
    const keepAlive = (): void => {
      if (this.isOver) return;
      this.response.write(': keep-alive\n\n');
      this.after(intervalMs, keepAlive);
    };
    keepAlive();
  }

  /** Destroys the connection without a response, as a crashed proxy would. */
  resetConnection(): void {
    this.isCutByServer = true;
    this.request.socket.destroy();
  }

  /**
   * Ends the response because the server is closing: a started response is ended cleanly and its socket closed once
   * flushed; a response that never started (a hang) has its socket destroyed.
   */
  shutdown(): void {
    this.isCutByServer = true;
    this.stopTimers();
    const socket = this.request.socket;
    if (this.response.headersSent && !this.isOver) this.response.end(() => socket.destroy());
    else socket.destroy();
  }

  private after(delayMs: number, action: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      action();
    }, delayMs);
    this.timers.add(timer);
  }

  private stopTimers(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
