import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startMockLlm, type MockLlm } from './mock-llm-server';

/** The two mocks of a redirect suite: `first` on 127.0.0.1, where requests go, and `second` on 127.0.0.2, another origin. */
export interface TwoOrigins {
  readonly first: MockLlm;
  readonly second: MockLlm;
  /** `host:port` of the first mock, as call records name it. */
  firstHost(): string;
  /** `host:port` of the second mock, as a `/__redirect/STATUS/TARGET` path names it. */
  secondHost(): string;
}

/**
 * Starts a mock on each of two loopback addresses for the enclosing suite (or file): both before its tests, both
 * reset before each test (so recorded requests never mix), both closed after. The mocks are read through the
 * returned object, since they exist only once the suite has started.
 */
export function twoMockOrigins(): TwoOrigins {
  let first: MockLlm | undefined;
  let second: MockLlm | undefined;
  const started = (mock: MockLlm | undefined): MockLlm => {
    if (!mock) throw new Error('the two mocks start in beforeAll; read them inside a test or hook');
    return mock;
  };
  beforeAll(async () => {
    first = await startMockLlm();
    second = await startMockLlm({ host: '127.0.0.2' });
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
  });
  beforeEach(() => {
    first?.reset();
    second?.reset();
  });
  return {
    get first() {
      return started(first);
    },
    get second() {
      return started(second);
    },
    firstHost: () => new URL(started(first).url).host,
    secondHost: () => new URL(started(second).url).host,
  };
}
