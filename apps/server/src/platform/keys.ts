import { generateKeyPairSync, createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { calculateJwkThumbprint, exportJWK, type JWK } from 'jose';

export interface JweKeys {
  kid: string;
  privateKey: KeyObject;
  publicJwk: JWK;
  publicPem: string;
}

/**
 * The RSA key clients encrypt credentials under: from config when given, otherwise generated once
 * (2048 bits, e = 65537) and kept in the data directory with mode 600.
 */
export async function loadJweKeys(options: { pem?: string | undefined; dataDir: string }): Promise<JweKeys> {
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
  const publicKey = createPublicKey(privateKey);
  const jwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(jwk);
  return {
    kid,
    privateKey,
    publicJwk: { kty: 'RSA', n: jwk.n, e: jwk.e, kid },
    publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}
