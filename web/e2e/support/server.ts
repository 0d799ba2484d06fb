import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumPath } from './chromium';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const HEALTH_TIMEOUT_MS = 30_000;

/** The backbeat binary the journeys drive: BACKBEAT_BIN, else the dev build in the target dir. */
export function serverBinaryPath(): string {
  const explicit = process.env.BACKBEAT_BIN;
  if (explicit) return path.resolve(explicit);
  const targetDir = process.env.CARGO_TARGET_DIR
    ? path.resolve(process.env.CARGO_TARGET_DIR)
    : path.resolve(webDir, '../target');
  return path.join(targetDir, 'debug', 'backbeat');
}

/** Why the journeys cannot run here; empty when they can. */
export function missingPrerequisite(binary = serverBinaryPath()): string {
  if (!existsSync(binary)) {
    return `the backbeat server binary is missing at ${binary} (build it with: make test-bin, or set BACKBEAT_BIN)`;
  }
  if (!existsSync(chromiumPath)) {
    return `Chromium is missing at ${chromiumPath} (install Debian's chromium package or set CHROMIUM_PATH)`;
  }
  return '';
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('Could not pick a free port.'));
      });
    });
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function waitUntilHealthy(baseUrl: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      throw new Error(`backbeat exited with code ${server.exitCode} before it was healthy.\n${output()}`);
    }
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
  throw new Error(`backbeat did not answer GET /healthz with 200 within ${HEALTH_TIMEOUT_MS / 1000} s.\n${output()}`);
}

async function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => server.once('exit', () => { resolve(); }));
  server.kill('SIGTERM');
  const stoppedInTime = await Promise.race([exited.then(() => true), sleep(5_000).then(() => false)]);
  if (!stoppedInTime) {
    server.kill('SIGKILL');
    await exited;
  }
}

export interface RunningServer {
  /** Where it listens, e.g. http://127.0.0.1:40123. */
  baseUrl: string;
  /** Its data directory (mail it "sends" lands in its mail/ folder). */
  dataDir: string;
  /** Runs `backbeat <args>` on the same data directory and configuration; resolves with its output. */
  command: (args: readonly string[]) => string;
  /** The last `chars` characters it printed (its log), for a failure's message. */
  logTail: (chars?: number) => string;
  /** Stops it and removes its data directory. */
  stop: () => Promise<void>;
}

/**
 * Starts `backbeat serve` on a free port with a fresh data directory and waits until it is
 * healthy. `env` adds to (or overrides) the configuration every journey server gets.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const binary = serverBinaryPath();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'backbeat-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const serverEnv = {
    ...process.env,
    BACKBEAT_ADDR: `127.0.0.1:${port}`,
    BACKBEAT_PUBLIC_URL: baseUrl,
    BACKBEAT_DATA_DIR: dataDir,
    // Every journey signs in from 127.0.0.1; the per-IP limits are tested in the API suite.
    BACKBEAT_AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    BACKBEAT_EMAIL_SEND_INTERVAL_SECS: '0',
    ...env,
  };
  let output = '';
  const server = spawn(binary, ['serve'], { env: serverEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  const record = (chunk: Buffer) => {
    output += chunk.toString();
  };
  server.stdout.on('data', record);
  server.stderr.on('data', record);

  const stopAndClean = async () => {
    await stop(server);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilHealthy(baseUrl, server, () => `--- backbeat output ---\n${output}`);
  } catch (error) {
    await stopAndClean();
    throw error;
  }

  const command = (args: readonly string[]): string => {
    const run = spawnSync(binary, args, { env: serverEnv, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`backbeat ${args.join(' ')} exited with ${run.status}:\n${run.stdout}${run.stderr}`);
    return run.stdout;
  };
  const logTail = (chars = 6_000): string => output.slice(-chars);
  return { baseUrl, dataDir, command, logTail, stop: stopAndClean };
}
