import { mockModelIds, startMockLlm } from './mock-llm-server';

// `npm run mock-llm`: the mock provider for manual checks and the e2e suite. Port 4010 unless MOCK_LLM_PORT says otherwise.
const port = Number(process.env.MOCK_LLM_PORT ?? 4010);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`MOCK_LLM_PORT must be a port number, not "${process.env.MOCK_LLM_PORT}".`);
  process.exit(2);
}
const mock = await startMockLlm({ port });

console.log(`Mock LLM server listening on ${mock.url}`);
console.log(`  OpenAI-compatible base URL: ${mock.url}/v1`);
console.log(`  OpenAI Responses base URL:  ${mock.url}/v1 (POST /v1/responses)`);
console.log(`  Anthropic base URL:         ${mock.url}/v1`);
console.log(`  Gemini base URL:            ${mock.url}/v1beta`);
console.log(`  Models: ${mockModelIds.join(', ')} (mock-503xN / mock-500xN fail the first N calls)`);
console.log(`  Redirects: prefix a base URL with /__redirect/307/same (this origin) or /__redirect/307/HOST:PORT (another)`);
console.log(`  Reset counters: POST ${mock.url}/__mock/reset`);

const stop = (): void => {
  void mock.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
