import { randomUUID } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { baseUrl, visible } from './browser';

export const PASSWORD = 'night-drive-42';

export interface Listener {
  name: string;
  email: string;
  password: string;
}

/** A listener nobody has signed up as yet: every journey starts from its own account. */
export function newListener(name = 'Ada Lovelace'): Listener {
  return { name, email: `listener-${randomUUID()}@example.com`, password: PASSWORD };
}

/** Signs up through /signup (of the server at `origin`) and waits for the welcome line on /home. */
export async function signUp(page: Page, listener: Listener, origin = baseUrl): Promise<void> {
  await page.goto(`${origin}/signup`);
  await page.getByLabel('Full name').fill(listener.name);
  await page.getByLabel('Email').fill(listener.email);
  await page.getByLabel('Password').fill(listener.password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL(`${origin}/home`);
  await visible(page.getByRole('heading', { level: 1, name: /^Welcome, / }));
}

/** Fills the login form that is on the page and submits it. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/** The id of the signed-in user, from the session the app keeps in localStorage. */
export async function signedInUserId(page: Page): Promise<string> {
  const stored = await page.evaluate(() => localStorage.getItem('backbeat-auth'));
  if (!stored) throw new Error('no session in localStorage under backbeat-auth');
  return (JSON.parse(stored) as { user: { id: string } }).user.id;
}

/** Waits until the app has forgotten the session (Log Out shows the landing page first, then signs out). */
export async function sessionForgotten(page: Page): Promise<void> {
  await page.waitForFunction(() => localStorage.getItem('backbeat-auth') === null);
}

/**
 * Logs out from Profile & Settings: lands on the landing page, signed out. It waits until the page
 * shows its settings, as a person would, but not for the page's requests: the app itself answers
 * those before it ends the session (lib/sessionEnd.ts), so none of them is refused.
 */
export async function logOutFromProfile(page: Page): Promise<void> {
  await page.goto(`${baseUrl}/profile`);
  await page.getByRole('region', { name: 'Two-factor authentication' }).getByRole('button').first().waitFor();
  await page.getByRole('button', { name: 'Log Out' }).click();
  await page.waitForURL(`${baseUrl}/`);
  await sessionForgotten(page);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, checksum]);
}

/** A small PNG (a diagonal gradient in the brand's violet), built byte by byte. */
export function avatarPng(size = 64): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3); // filter byte 0, then RGB pixels
    for (let x = 0; x < size; x++) {
      const t = (x + y) / (2 * size);
      row[1 + x * 3] = Math.round(139 + (217 - 139) * t);
      row[2 + x * 3] = Math.round(92 - 22 * t);
      row[3 + x * 3] = Math.round(246 - 7 * t);
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

/** Whether the page scrolls sideways at its current width. */
export async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}
