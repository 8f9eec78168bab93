// Signed URL tokens: HS256 JWTs over the object's `bucket/key` (claim `url`, as storage-api), signed
// with the data dir's JWT secret. Download tokens may pin image transformations; upload tokens carry
// the owner and the upsert flag chosen when the URL was created.
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import type { LocalKeys } from '../keys.ts';
import { storageErrors } from './storage-error.ts';

export interface DownloadTokenClaims {
  url: string;
  transformations?: string;
}

export interface UploadTokenClaims {
  url: string;
  owner?: string;
  upsert: boolean;
}

function secret(keys: LocalKeys): Uint8Array {
  return new TextEncoder().encode(keys.jwtSecret);
}

async function sign(keys: LocalKeys, claims: Record<string, unknown>, expiresInSeconds: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt(now).setExpirationTime(now + expiresInSeconds).sign(secret(keys));
}

async function verify(keys: LocalKeys, token: string | undefined): Promise<Record<string, unknown>> {
  if (!token) throw storageErrors.invalidSignature('Missing token');
  try {
    const { payload } = await jwtVerify(token, secret(keys), { algorithms: ['HS256'] });
    return payload as Record<string, unknown>;
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw storageErrors.signatureExpired();
    throw storageErrors.invalidSignature();
  }
}

export function signDownloadToken(keys: LocalKeys, claims: DownloadTokenClaims, expiresInSeconds: number): Promise<string> {
  return sign(keys, { ...claims, scope: 'download' }, expiresInSeconds);
}

export async function verifyDownloadToken(keys: LocalKeys, token: string | undefined, expectedUrl: string): Promise<DownloadTokenClaims> {
  const claims = await verify(keys, token);
  if (claims.url !== expectedUrl || claims.scope !== 'download') throw storageErrors.invalidSignature();
  return { url: expectedUrl, ...(typeof claims.transformations === 'string' ? { transformations: claims.transformations } : {}) };
}

export function signUploadToken(keys: LocalKeys, claims: UploadTokenClaims, expiresInSeconds: number): Promise<string> {
  return sign(keys, { ...claims, scope: 'upload' }, expiresInSeconds);
}

export async function verifyUploadToken(keys: LocalKeys, token: string | undefined, expectedUrl: string): Promise<UploadTokenClaims> {
  const claims = await verify(keys, token);
  if (claims.url !== expectedUrl || claims.scope !== 'upload') throw storageErrors.invalidSignature();
  return { url: expectedUrl, upsert: claims.upsert === true, ...(typeof claims.owner === 'string' ? { owner: claims.owner } : {}) };
}
