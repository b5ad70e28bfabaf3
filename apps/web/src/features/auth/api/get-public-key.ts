import type { PublicKeyResponse } from '@bourse/shared/schemas/auth';
import { get } from '../../../lib/request';

/**
 * GET /api/user/publicKey (open): the RSA key that login and register credentials are encrypted to.
 * Its schema (zod) is loaded with the request, on submit: not part of the login screen's first load.
 */
export async function getPublicKey(): Promise<PublicKeyResponse> {
  const { publicKeyResponse } = await import('@bourse/shared/schemas/auth');
  return get('/api/user/publicKey', undefined, { schema: publicKeyResponse, withToken: false });
}
