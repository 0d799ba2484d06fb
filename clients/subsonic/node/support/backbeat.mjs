// What the Subsonic suite needs besides the Subsonic client: a Backbeat server of its own on a
// free port with a fresh data directory (and, on PostgreSQL, a fresh database), the accounts and
// tracks set up through Backbeat's own REST API, and the audio and images it uploads, made here.

import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));
const HEALTH_TIMEOUT_MS = 30_000;
const PROCESSING_TIMEOUT_MS = 60_000;
export const PASSWORD = 'correct-horse-battery';

// ---- the server

/** $BACKBEAT_BIN, else the dev build in $CARGO_TARGET_DIR or the clone's target/. */
export function serverBinaryPath() {
  if (process.env.BACKBEAT_BIN) return path.resolve(process.env.BACKBEAT_BIN);
  const targetDir = process.env.CARGO_TARGET_DIR
    ? path.resolve(process.env.CARGO_TARGET_DIR)
    : path.resolve(here, '../../../../target');
  return path.join(targetDir, 'debug', 'backbeat');
}

/** `sqlite` unless BACKBEAT_TEST_BACKEND says `postgres` (as the Rust API suite reads it). */
export function backend() {
  return process.env.BACKBEAT_TEST_BACKEND ?? 'sqlite';
}

/** Why the suite cannot run here; empty when it can. */
export function missingPrerequisite() {
  const binary = serverBinaryPath();
  if (!existsSync(binary)) {
    return `the backbeat server binary is missing at ${binary} (build it with \`make test-bin\`, or set BACKBEAT_BIN)`;
  }
  if (backend() === 'postgres' && !process.env.TEST_DATABASE_URL) {
    return 'BACKBEAT_TEST_BACKEND=postgres needs TEST_DATABASE_URL';
  }
  return '';
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function psql(adminUrl, sql) {
  const run = spawnSync('psql', [adminUrl, '-v', 'ON_ERROR_STOP=1', '-q', '-c', sql], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`psql ${sql}: ${run.error?.message ?? run.stderr}`);
}

/** A database of its own on the server of TEST_DATABASE_URL, made and dropped with psql. */
function postgresDatabase(adminUrl) {
  const name = `backbeat_subsonic_${randomUUID().replaceAll('-', '')}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  psql(adminUrl, `CREATE DATABASE "${name}"`);
  return { url: url.toString(), drop: () => psql(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

async function stopProcess(server) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  if (!(await Promise.race([exited.then(() => true), sleep(5_000).then(() => false)]))) {
    server.kill('SIGKILL');
    await exited;
  }
}

/**
 * Starts `backbeat serve` on a free port with a fresh data directory (and database) and waits
 * until it is healthy. Resolves with { baseUrl, dataDir, logTail(), stop() }.
 */
export async function startServer() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'backbeat-subsonic-node-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    BACKBEAT_ADDR: `127.0.0.1:${port}`,
    BACKBEAT_PUBLIC_URL: baseUrl,
    BACKBEAT_DATA_DIR: dataDir,
    // Every account signs in from 127.0.0.1; the per-IP limits are tested in the API suite.
    BACKBEAT_AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    BACKBEAT_EMAIL_SEND_INTERVAL_SECS: '0',
  };
  delete env.BACKBEAT_CONFIG;
  delete env.BACKBEAT_DATABASE_URL;
  const database = backend() === 'postgres' ? postgresDatabase(process.env.TEST_DATABASE_URL) : null;
  if (database) env.BACKBEAT_DATABASE_URL = database.url;

  let output = '';
  const server = spawn(serverBinaryPath(), ['serve'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  server.stdout.on('data', (chunk) => (output += chunk.toString()));
  server.stderr.on('data', (chunk) => (output += chunk.toString()));
  const stop = async () => {
    await stopProcess(server);
    database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  for (;;) {
    if (server.exitCode !== null) {
      await stop();
      throw new Error(`backbeat exited with code ${server.exitCode} before it was healthy:\n${output}`);
    }
    try {
      if ((await fetch(`${baseUrl}/healthz`)).status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`backbeat did not answer GET /healthz with 200 within ${HEALTH_TIMEOUT_MS / 1000} s:\n${output}`);
    }
    await sleep(200);
  }
  return { baseUrl, dataDir, logTail: (chars = 6_000) => output.slice(-chars), stop };
}

// ---- Backbeat's REST API

/** One call to the server; a status other than `expect` throws with the answer. */
export async function call(baseUrl, method, pathname, { token, json, body, headers = {}, expect = 200 } = {}) {
  const sent = { apikey: 'backbeat', ...headers };
  if (token) sent.authorization = `Bearer ${token}`;
  if (json !== undefined) {
    sent['content-type'] = 'application/json';
    body = JSON.stringify(json);
  }
  const response = await fetch(`${baseUrl}${pathname}`, { method, headers: sent, body, redirect: 'manual' });
  if (response.status !== expect) {
    throw new Error(`${method} ${pathname} answered ${response.status}: ${await response.text()}`);
  }
  const text = await response.text();
  return text ? JSON.parse(text) : null;
}

/** A new account through GoTrue's /auth/v1/signup (confirmation is off, so it has a session). */
export async function signUp(baseUrl, name) {
  const email = `${name.toLowerCase().replaceAll(' ', '-')}-${randomUUID().slice(0, 12)}@example.com`;
  const session = await call(baseUrl, 'POST', '/auth/v1/signup', {
    json: { email, password: PASSWORD, data: { name } },
  });
  return { name, email, userId: session.user.id, token: session.access_token };
}

/** Uploads a generated WAV with a cover as `artist` and waits until it is ready to stream. */
export async function uploadReadyTrack(baseUrl, artist, { title, album, genre, notes, cover }) {
  const form = new FormData();
  form.append('audio', new Blob([toneWav({ notes, seconds: 3 })], { type: 'audio/wav' }), `${title}.wav`);
  form.append('cover', new Blob([cover], { type: 'image/png' }), `${title}.png`);
  form.append('title', title);
  form.append('artist', artist.name);
  form.append('genre', genre);
  if (album) form.append('album', album);
  const { id } = await call(baseUrl, 'POST', '/api/v1/tracks', { token: artist.token, body: form, expect: 201 });
  const deadline = Date.now() + PROCESSING_TIMEOUT_MS;
  for (;;) {
    const track = await call(baseUrl, 'GET', `/api/v1/tracks/${id}`, { token: artist.token });
    if (track.status === 'ready') return id;
    if (track.status === 'failed' || Date.now() > deadline) {
      throw new Error(`track ${title} is ${track.status}: ${track.failure_reason}`);
    }
    await sleep(250);
  }
}

/** Pays for `plan` through the sandbox provider's hosted checkout, then waits for the plan. */
export async function subscribe(baseUrl, account, plan) {
  const session = await call(baseUrl, 'POST', '/api/v1/checkout-sessions', {
    token: account.token,
    json: { plan_id: plan, promo_code: null },
  });
  if (session.kind !== 'checkout') throw new Error(`checkout answered ${JSON.stringify(session)}`);
  const expiry = `12/${String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0')}`;
  await call(baseUrl, 'POST', session.url, {
    body: new URLSearchParams({ card_number: '4242 4242 4242 4242', expiry, cvc: '123' }),
    expect: 303,
  });
  const deadline = Date.now() + 10_000;
  while ((await call(baseUrl, 'GET', '/api/v1/me/subscription', { token: account.token })).plan !== plan) {
    if (Date.now() > deadline) throw new Error(`the plan of ${account.email} did not become ${plan}`);
    await sleep(100);
  }
}

export function createAppPassword(baseUrl, account, name) {
  return call(baseUrl, 'POST', '/api/v1/me/app-passwords', { token: account.token, json: { name }, expect: 201 });
}

export function revokeAppPassword(baseUrl, account, id) {
  return call(baseUrl, 'DELETE', `/api/v1/me/app-passwords/${id}`, { token: account.token, expect: 204 });
}

export async function balanceUnits(baseUrl, account) {
  return (await call(baseUrl, 'GET', '/api/v1/me/balance', { token: account.token })).balance_units;
}

// ---- media made here

/** A stereo 16-bit PCM WAV: `notes` in turn, one every half second, each fading out. */
export function toneWav({ notes, seconds, sampleRate = 44_100 }) {
  const channels = 2;
  const frames = Math.round(seconds * sampleRate);
  const samples = Buffer.alloc(frames * channels * 2);
  for (let frame = 0; frame < frames; frame++) {
    const t = frame / sampleRate;
    const note = notes[Math.floor(t * 2) % notes.length];
    const envelope = Math.exp(-4 * (t % 0.5));
    for (let channel = 0; channel < channels; channel++) {
      const frequency = note * (channel === 0 ? 1 : 1.003);
      samples.writeInt16LE(Math.round(0.6 * envelope * Math.sin(2 * Math.PI * frequency * t) * 32767), (frame * channels + channel) * 2);
    }
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + samples.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * channels * 2, 28);
  header.writeUInt16LE(channels * 2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]);
}

function pngChunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, checksum]);
}

/** A square RGB PNG: a diagonal gradient from `tint` to white. */
export function coverPng(size, tint) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8;
  header[9] = 2;
  const rows = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const t = (x + y) / (2 * size);
      tint.forEach((c, i) => (row[1 + x * 3 + i] = Math.round(c + (255 - c) * t)));
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The format and pixel size of a PNG, JPEG or WebP image. */
export function imageSize(data) {
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { format: 'png', width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
  }
  if (data[0] === 0xff && data[1] === 0xd8) {
    const frames = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);
    let offset = 2;
    while (offset + 9 < data.length) {
      if (data[offset] !== 0xff) {
        offset += 1;
        continue;
      }
      const marker = data[offset + 1];
      if (frames.has(marker)) {
        return { format: 'jpeg', width: data.readUInt16BE(offset + 7), height: data.readUInt16BE(offset + 5) };
      }
      offset += 2 + data.readUInt16BE(offset + 2);
    }
  }
  if (data.toString('ascii', 0, 4) === 'RIFF' && data.toString('ascii', 8, 12) === 'WEBP') {
    const chunk = data.toString('ascii', 12, 16);
    if (chunk === 'VP8X') return { format: 'webp', width: data.readUIntLE(24, 3) + 1, height: data.readUIntLE(27, 3) + 1 };
    if (chunk === 'VP8L') {
      const bits = data.readUInt32LE(21);
      return { format: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
    if (chunk === 'VP8 ') return { format: 'webp', width: data.readUInt16LE(26) & 0x3fff, height: data.readUInt16LE(28) & 0x3fff };
  }
  throw new Error(`not an image this suite reads: ${data.subarray(0, 12).toString('hex')}`);
}

/** The sample rate and bits per sample of a FLAC stream's STREAMINFO block. */
export function flacStreamInfo(data) {
  if (data.toString('ascii', 0, 4) !== 'fLaC') throw new Error('not FLAC');
  // STREAMINFO follows the 4-byte block header: 20 bits of sample rate, 3 of channels - 1, 5 of bits - 1.
  const info = data.subarray(8, 8 + 34);
  const sampleRate = (info[10] << 12) | (info[11] << 4) | (info[12] >> 4);
  const channels = ((info[12] >> 1) & 0b111) + 1;
  const bitsPerSample = (((info[12] & 1) << 4) | (info[13] >> 4)) + 1;
  return { sampleRate, channels, bitsPerSample };
}

const MPEG1_LAYER3_KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MPEG2_LAYER3_KBPS = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const SAMPLE_RATES = { 3: [44100, 48000, 32000], 2: [22050, 24000, 16000], 0: [11025, 12000, 8000] };

/** The bitrates (kbps) of the whole MPEG layer III frames at the start of `data`. */
export function mp3FrameBitrates(data) {
  let offset = 0;
  if (data.toString('ascii', 0, 3) === 'ID3') {
    let size = 0;
    for (const byte of data.subarray(6, 10)) size = (size << 7) | (byte & 0x7f);
    offset = 10 + size + (data[5] & 0x10 ? 10 : 0);
  }
  while (offset + 1 < data.length && !(data[offset] === 0xff && (data[offset + 1] & 0xe0) === 0xe0)) offset += 1;
  const bitrates = [];
  while (offset + 4 <= data.length) {
    const header = data.readUInt32BE(offset);
    if (header >>> 21 !== 0x7ff) break;
    const version = (header >>> 19) & 0b11;
    const layer = (header >>> 17) & 0b11;
    const bitrateIndex = (header >>> 12) & 0b1111;
    const rateIndex = (header >>> 10) & 0b11;
    const padding = (header >>> 9) & 1;
    if (layer !== 0b01 || version === 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) break;
    const kbps = (version === 3 ? MPEG1_LAYER3_KBPS : MPEG2_LAYER3_KBPS)[bitrateIndex];
    const length = Math.floor(((version === 3 ? 144 : 72) * kbps * 1000) / SAMPLE_RATES[version][rateIndex]) + padding;
    if (offset + length > data.length) break;
    bitrates.push(kbps);
    offset += length;
  }
  return bitrates;
}
