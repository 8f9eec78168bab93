// The application server's VAPID key pair of one data directory (like keys.json, generated on first use
// and never committed): send-push signs with it, the app subscribes with its public key.
import { generateKeyPairSync } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface LocalVapidKeys {
  /** base64url of the uncompressed P-256 point (65 bytes): VAPID_PUBLIC_KEY and VITE_VAPID_PUBLIC_KEY */
  publicKey: string;
  /** base64url of the 32-byte private scalar: VAPID_PRIVATE_KEY */
  privateKey: string;
  subject: string;
}

const fileName = 'vapid.json';
export const localVapidSubject = 'mailto:dev@nomadnest.test';

function createVapidKeys(): LocalVapidKeys {
  const jwk = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' });
  const point = Buffer.concat([Buffer.from([0x04]), Buffer.from(jwk.x ?? '', 'base64url'), Buffer.from(jwk.y ?? '', 'base64url')]);
  return { publicKey: point.toString('base64url'), privateKey: jwk.d ?? '', subject: localVapidSubject };
}

function isVapidKeys(value: unknown): value is LocalVapidKeys {
  const record = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  return typeof record.publicKey === 'string' && /^B[A-Za-z0-9_-]{86}$/.test(record.publicKey)
    && typeof record.privateKey === 'string' && /^[A-Za-z0-9_-]{43}$/.test(record.privateKey)
    && typeof record.subject === 'string';
}

/** Reads dataDir/vapid.json, creating a key pair on first use. */
export async function loadOrCreateVapidKeys(dataDir: string): Promise<LocalVapidKeys> {
  const file = join(dataDir, fileName);
  try {
    const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
    if (isVapidKeys(parsed)) return parsed;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const keys = createVapidKeys();
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  return keys;
}
