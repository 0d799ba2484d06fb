import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

// Mail the server "sends" without SMTP: one .eml file per message in <dataDir>/mail/.

export interface SentMail {
  file: string;
  to: string;
  subject: string;
  /** The decoded text body. */
  body: string;
}

/** Undoes quoted-printable: `=\r\n` soft line breaks and `=XX` escapes. */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const char = joined[i] ?? '';
    const hex = joined.slice(i + 1, i + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function header(head: string, name: string): string {
  const match = new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(head);
  return (match?.[1] ?? '').replace(/\r?\n[ \t]+/g, ' ').trim();
}

function parseMail(file: string, raw: string): SentMail {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split < 0 ? raw : raw.slice(0, split);
  const rawBody = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const encoding = header(head, 'Content-Transfer-Encoding').toLowerCase();
  const body =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(rawBody)
      : encoding === 'base64'
        ? Buffer.from(rawBody.replace(/\s/g, ''), 'base64').toString('utf8')
        : rawBody;
  return { file, to: header(head, 'To'), subject: header(head, 'Subject'), body };
}

/** Every mail sent to `recipient`, oldest first. */
export async function mailsTo(dataDir: string, recipient: string): Promise<SentMail[]> {
  const dir = path.join(dataDir, 'mail');
  if (!existsSync(dir)) return [];
  const names = (await readdir(dir)).filter((name) => name.endsWith('.eml'));
  const found: { mail: SentMail; mtime: number }[] = [];
  for (const name of names) {
    const file = path.join(dir, name);
    const mail = parseMail(file, await readFile(file, 'utf8'));
    if (mail.to.toLowerCase().includes(recipient.toLowerCase())) {
      found.push({ mail, mtime: (await stat(file)).mtimeMs });
    }
  }
  return found.sort((a, b) => a.mtime - b.mtime).map((entry) => entry.mail);
}

/** Waits (up to `timeoutMs`) for a mail to `recipient` not among `seen` files. */
export async function nextMailTo(
  dataDir: string,
  recipient: string,
  seen: ReadonlySet<string>,
  timeoutMs = 10_000,
): Promise<SentMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const fresh = (await mailsTo(dataDir, recipient)).filter((mail) => !seen.has(mail.file));
    const newest = fresh.at(-1);
    if (newest) return newest;
    if (Date.now() > deadline) throw new Error(`no new mail to ${recipient} in ${dataDir}/mail`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The `token_hash` of the link in a recovery or confirmation mail. */
export function tokenHashOf(mail: SentMail): string {
  const link = /https?:\/\/\S+/.exec(mail.body)?.[0];
  if (!link) throw new Error(`no link in the mail:\n${mail.body}`);
  const tokenHash = new URL(link).searchParams.get('token_hash');
  if (!tokenHash) throw new Error(`no token_hash in the link ${link}`);
  return tokenHash;
}

/** The 6-digit code in a recovery or confirmation mail. */
export function codeOf(mail: SentMail): string {
  const code = /\b(\d{6})\b/.exec(mail.body.replace(/https?:\/\/\S+/g, ''))?.[1];
  if (!code) throw new Error(`no 6-digit code in the mail:\n${mail.body}`);
  return code;
}

/** The link in `mail` to a page at `pathname` (e.g. '/not-me'), or undefined when it has none. */
export function linkToPage(mail: SentMail, pathname: string): string | undefined {
  return mail.body.match(/https?:\/\/\S+/g)?.find((link) => new URL(link).pathname === pathname);
}

/**
 * Waits (up to `timeoutMs`) for a mail to `recipient`, not among `seen`, with a link to the page
 * at `pathname`; resolves with the newest such link.
 */
export async function nextLinkTo(
  dataDir: string,
  recipient: string,
  seen: ReadonlySet<string>,
  pathname: string,
  timeoutMs = 10_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const fresh = (await mailsTo(dataDir, recipient)).filter((mail) => !seen.has(mail.file));
    const link = fresh
      .map((mail) => linkToPage(mail, pathname))
      .filter((found) => found !== undefined)
      .at(-1);
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no new mail to ${recipient} with a link to ${pathname} in ${dataDir}/mail`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
