import { createHmac } from 'node:crypto';

// RFC 6238 TOTP as authenticator apps compute it: HMAC-SHA-1, 6 digits, 30-second steps.

export const TOTP_STEP_SECS = 30;

const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Decodes RFC 4648 base32 (upper or lower case, padding and spaces ignored). */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of clean) {
    const value = BASE32_ALPHABET.indexOf(char);
    if (value < 0) throw new Error(`not a base32 character: ${char}`);
    buffer = (buffer << 5) | value;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >>> bits) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

/** The time step a Unix time (seconds) falls in. */
export function totpStep(unixSeconds: number = Date.now() / 1000): number {
  return Math.floor(unixSeconds / TOTP_STEP_SECS);
}

/** The 6-digit code of `step` for a base32 `secret` (RFC 4226 dynamic truncation). */
export function totpCode(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const digest = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}

/**
 * A code for a step the server has not seen yet: servers refuse a step at or before the last
 * one used (replay protection) and accept one step of drift either way, so this picks the
 * current step or the one after the last used, waiting when that is more than a step ahead.
 */
export async function freshTotpCode(
  secret: string,
  lastUsedStep: number | null,
): Promise<{ code: string; step: number }> {
  for (;;) {
    const current = totpStep();
    const step = lastUsedStep === null ? current : Math.max(current, lastUsedStep + 1);
    if (step <= current + 1) return { code: totpCode(secret, step), step };
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}
