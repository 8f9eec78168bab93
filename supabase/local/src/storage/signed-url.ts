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

/** jsonwebtoken's messages, which storage-api passes on inside an InvalidJWT error. */
function jwtMessage(error: unknown): string {
  if (error instanceof joseErrors.JWTExpired) return 'jwt expired';
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) return 'invalid signature';
  if (error instanceof joseErrors.JOSEAlgNotAllowed) return 'invalid algorithm';
  return 'jwt malformed';
}

/** storage-api's verifyObjectSignature: signature, then scope, then the object path the token is bound to. */
async function verify(keys: LocalKeys, token: string | undefined, expectedUrl: string, scope: 'download' | 'upload'): Promise<Record<string, unknown>> {
  if (!token) throw storageErrors.invalidRequest("querystring must have required property 'token'");
  let claims: Record<string, unknown>;
  try {
    claims = (await jwtVerify(token, secret(keys), { algorithms: ['HS256'] })).payload as Record<string, unknown>;
  } catch (error) {
    throw storageErrors.invalidTokenJwt(jwtMessage(error));
  }
  if (claims.scope !== scope) throw storageErrors.invalidSignature(`Token is not scoped for ${scope}`);
  if (claims.url !== expectedUrl) throw storageErrors.invalidSignature();
  if (typeof claims.exp === 'number' && claims.exp * 1000 < Date.now()) throw storageErrors.signatureExpired();
  return claims;
}

export function signDownloadToken(keys: LocalKeys, claims: DownloadTokenClaims, expiresInSeconds: number): Promise<string> {
  return sign(keys, { ...claims, scope: 'download' }, expiresInSeconds);
}

export async function verifyDownloadToken(keys: LocalKeys, token: string | undefined, expectedUrl: string): Promise<DownloadTokenClaims> {
  const claims = await verify(keys, token, expectedUrl, 'download');
  return { url: expectedUrl, ...(typeof claims.transformations === 'string' ? { transformations: claims.transformations } : {}) };
}

export function signUploadToken(keys: LocalKeys, claims: UploadTokenClaims, expiresInSeconds: number): Promise<string> {
  return sign(keys, { ...claims, scope: 'upload' }, expiresInSeconds);
}

export async function verifyUploadToken(keys: LocalKeys, token: string | undefined, expectedUrl: string): Promise<UploadTokenClaims> {
  const claims = await verify(keys, token, expectedUrl, 'upload');
  return { url: expectedUrl, upsert: claims.upsert === true, ...(typeof claims.owner === 'string' ? { owner: claims.owner } : {}) };
}
