// The user agent's half of RFC 8291 (message encryption for Web Push): the double issues the key pair
// and auth secret a browser would generate, so it can decrypt what an application server sends.
import { createECDH, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export interface UserAgentKeys {
  /** uncompressed P-256 point (65 bytes), base64url: the subscription's `p256dh` */
  p256dh: string;
  /** 32-byte private scalar, base64url; never leaves the double */
  privateKey: string;
  /** 16-byte auth secret, base64url: the subscription's `auth` */
  auth: string;
}

export class PushDecryptError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PushDecryptError';
  }
}

const keyLength = 65;
const tagLength = 16;

export function generateUserAgentKeys(): UserAgentKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    privateKey: ecdh.getPrivateKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
}

interface Aes128gcmHeader {
  salt: Buffer;
  recordSize: number;
  /** the application server's ephemeral public key (RFC 8291 §4: keyid carries it) */
  senderPublicKey: Buffer;
  records: Buffer;
}

/** RFC 8188 §2.1: salt(16) | rs(uint32) | idlen(1) | keyid(idlen) | records. */
function parseHeader(body: Buffer): Aes128gcmHeader {
  if (body.length < 21) throw new PushDecryptError('The body is shorter than the aes128gcm header');
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  if (idLength !== keyLength) throw new PushDecryptError(`keyid must be the sender's 65-byte public key (idlen ${idLength})`);
  if (recordSize < tagLength + 2) throw new PushDecryptError(`Record size ${recordSize} is below the minimum of 18`);
  const senderPublicKey = body.subarray(21, 21 + keyLength);
  if (senderPublicKey.length !== keyLength || senderPublicKey[0] !== 0x04) throw new PushDecryptError('keyid is not an uncompressed P-256 point');
  return { salt, recordSize, senderPublicKey, records: body.subarray(21 + keyLength) };
}

function recordNonce(baseNonce: Buffer, sequence: number): Buffer {
  const nonce = Buffer.from(baseNonce);
  // RFC 8188 §2.3: the record sequence number is XORed into the low bytes of the nonce (a body of
  // 4096 bytes has few records, so the low 32 bits hold any sequence number; `^` works on 32 bits).
  nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ sequence) >>> 0, 8);
  return nonce;
}

/** Removes the padding of one decrypted record: data | delimiter | 0x00*. */
function unpad(plain: Buffer, last: boolean): Buffer {
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end -= 1;
  if (end < 0) throw new PushDecryptError('A record has no padding delimiter');
  const expected = last ? 0x02 : 0x01;
  if (plain[end] !== expected) throw new PushDecryptError(`A ${last ? 'last' : 'non-last'} record must end with delimiter 0x0${expected}`);
  return plain.subarray(0, end);
}

/** Decrypts an `aes128gcm` Web Push body (RFC 8291 §3.4) with the subscription's keys. */
export function decryptPushPayload(body: Buffer, keys: UserAgentKeys): Buffer {
  const { salt, recordSize, senderPublicKey, records } = parseHeader(body);
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(keys.privateKey, 'base64url'));
  let sharedSecret: Buffer;
  try {
    sharedSecret = ecdh.computeSecret(senderPublicKey);
  } catch {
    throw new PushDecryptError('keyid is not a point on P-256');
  }
  const uaPublic = Buffer.from(keys.p256dh, 'base64url');
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, senderPublicKey]);
  const ikm = Buffer.from(hkdfSync('sha256', sharedSecret, Buffer.from(keys.auth, 'base64url'), keyInfo, 32));
  const contentKey = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const baseNonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));

  if (records.length === 0) throw new PushDecryptError('The body has a header but no record');
  const parts: Buffer[] = [];
  for (let offset = 0, sequence = 0; offset < records.length; offset += recordSize, sequence += 1) {
    const record = records.subarray(offset, offset + recordSize);
    if (record.length <= tagLength) throw new PushDecryptError('A record is too short to hold its authentication tag');
    const decipher = createDecipheriv('aes-128-gcm', contentKey, recordNonce(baseNonce, sequence));
    decipher.setAuthTag(record.subarray(record.length - tagLength));
    let plain: Buffer;
    try {
      plain = Buffer.concat([decipher.update(record.subarray(0, record.length - tagLength)), decipher.final()]);
    } catch {
      throw new PushDecryptError('The record does not decrypt with this subscription\'s keys (wrong p256dh/auth?)');
    }
    parts.push(unpad(plain, offset + recordSize >= records.length));
  }
  return Buffer.concat(parts);
}
