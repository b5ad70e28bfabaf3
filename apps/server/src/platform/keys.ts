import { generateKeyPairSync, createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { calculateJwkThumbprint, exportJWK, type JWK } from 'jose';

export interface JweKeys {
  /** The current key's id (its RFC 7638 thumbprint): the one served to clients. */
  kid: string;
  privateKey: KeyObject;
  publicJwk: JWK;
  publicPem: string;
  /**
   * Every key a payload may be sealed under, by kid: the current one and, during a rotation, the
   * previous ones (`JWE_ACCEPTED_PRIVATE_KEYS`), so a payload sealed just before the switch still opens.
   */
  byKid: ReadonlyMap<string, KeyObject>;
}

const PEM_BLOCK = /-----BEGIN ([A-Z ]*)PRIVATE KEY-----[\s\S]*?-----END \1PRIVATE KEY-----/g;

/** The PEM private keys in `text`, in order (a variable may hold several, one after another). */
export function splitPrivateKeys(text: string): string[] {
  return [...text.matchAll(PEM_BLOCK)].map((match) => match[0]);
}

async function describeKey(privateKey: KeyObject) {
  if (privateKey.asymmetricKeyType !== 'rsa') {
    throw new Error(`JWE keys must be RSA keys, got ${privateKey.asymmetricKeyType ?? 'a symmetric key'}`);
  }
  const publicKey = createPublicKey(privateKey);
  const jwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(jwk);
  return { kid, jwk, publicKey };
}

/**
 * The RSA key clients encrypt credentials under: from config when given, otherwise generated once
 * (2048 bits, e = 65537) and kept in the data directory with mode 600. Previous keys (PEM blocks,
 * `previousPems`) are accepted for decryption only, each under its own kid.
 */
export async function loadJweKeys(options: {
  pem?: string | undefined;
  previousPems?: string | undefined;
  dataDir: string;
}): Promise<JweKeys> {
  let pem = options.pem;
  if (!pem) {
    const file = path.join(options.dataDir, 'jwe-private.pem');
    if (existsSync(file)) {
      pem = readFileSync(file, 'utf8');
    } else {
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048, publicExponent: 0x10001 });
      pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      mkdirSync(options.dataDir, { recursive: true });
      writeFileSync(file, pem, { mode: 0o600 });
      chmodSync(file, 0o600);
    }
  }
  const privateKey = createPrivateKey(pem);
  const { kid, jwk, publicKey } = await describeKey(privateKey);
  const byKid = new Map<string, KeyObject>([[kid, privateKey]]);
  for (const previousPem of splitPrivateKeys(options.previousPems ?? '')) {
    const previous = createPrivateKey(previousPem);
    const described = await describeKey(previous);
    // The current key listed as a previous one too (mid-rotation copy-paste) changes nothing.
    if (!byKid.has(described.kid)) byKid.set(described.kid, previous);
  }
  return {
    kid,
    privateKey,
    publicJwk: { kty: 'RSA', n: jwk.n, e: jwk.e, kid },
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    byKid,
  };
}
