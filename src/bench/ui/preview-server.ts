import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';

/** A running `vite preview` and how to stop it. */
export interface PreviewServer {
  url: string;
  stop(): void;
}

/** Builds the production bundle into `outDir`; throws with vite's output when the build fails. */
export function buildApp(outDir: string): void {
  const build = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], { encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`vite build failed:\n${build.stdout}\n${build.stderr}`);
}

/** A TCP port nobody listens on right now (the OS picks it), so parallel runs never collide. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitUntilServing(url: string, isAlive: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error('vite preview exited before serving');
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`vite preview did not answer at ${url} within ${timeoutMs} ms`);
}

/**
 * Serves `outDir` with `vite preview` on a free port. The server runs in its own process group so `stop` ends npx and
 * the vite process under it together, and a Node exit (also on a crash) stops it too.
 */
export async function startPreview(outDir: string): Promise<PreviewServer> {
  const port = await freePort();
  const child = spawn('npx', ['vite', 'preview', '--outDir', outDir, '--port', String(port), '--strictPort', '--host', '127.0.0.1'], {
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errorOutput = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errorOutput += chunk.toString();
  });
  let stopped = false;
  const stop = () => {
    if (stopped || child.pid === undefined) return;
    stopped = true;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  };
  process.once('exit', stop);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilServing(url, () => child.exitCode === null);
  } catch (error) {
    stop();
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${errorOutput}`, { cause: error });
  }
  return { url, stop };
}
