import { publicKeyResponse, type PublicKeyResponse } from '@bourse/shared/schemas/auth';
import { get } from '../../../lib/request';

/** GET /api/user/publicKey (open): the RSA key that login and register credentials are encrypted to. */
export function getPublicKey(): Promise<PublicKeyResponse> {
  return get('/api/user/publicKey', undefined, { schema: publicKeyResponse, withToken: false });
}
