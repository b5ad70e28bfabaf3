import type { PublicKeyResponse } from '@bourse/shared/schemas/auth';

/**
 * GET /api/user/publicKey (open): the RSA key that login and register credentials are encrypted to.
 * Its schema (zod) and the request client are loaded with the request, on submit: not part of the login
 * screen's first load.
 */
export async function getPublicKey(): Promise<PublicKeyResponse> {
  const [{ publicKeyResponse }, { get }] = await Promise.all([
    import('@bourse/shared/schemas/auth'),
    import('../../../lib/request'),
  ]);
  return get('/api/user/publicKey', undefined, { schema: publicKeyResponse, withToken: false });
}
