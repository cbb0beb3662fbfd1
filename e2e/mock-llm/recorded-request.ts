/**
 * One request the mock received, as tests inspect it. The object is updated in place while its response runs
 * (`status` once headers go out, `closedEarly` when the client disconnects), so tests poll it.
 */
export interface RecordedRequest {
  method: string;
  /** The raw request target: path and query string, e.g. `/v1beta/models/mock-ok:streamGenerateContent?alt=sse`. */
  path: string;
  /** The `Host` header the client sent. */
  host: string;
  /** From the JSON body (OpenAI Chat Completions and Responses, Anthropic) or the URL (Gemini); absent for model lists and preflights. */
  model?: string;
  hasAuthorization: boolean;
  /**
   * The raw `Authorization`, `x-api-key` or `x-goog-api-key` value (or a `key` query parameter), so tests can check
   * which key reached which host. Test-only: the mock never prints it.
   */
  authorization?: string;
  stream: boolean;
  /** The client closed the connection before the response ended. */
  closedEarly: boolean;
  /** The HTTP status sent; 0 while no status line went out (a hang) or when the connection was reset. */
  status: number;
  /** The `match` of the scripted answer that answered this request, when one did. */
  scripted?: string;
}
