import { encryptCredentials } from '@bourse/shared/jwe';

/** Registers an investor through the public API, encrypting the payload the way the web app does. */
export async function registerThroughApi(
  baseUrl: string,
  fields: { phone: string; password: string; inviteCode: string },
): Promise<{ status: number; body: { error?: string } }> {
  const keyRes = await fetch(`${baseUrl}/api/user/publicKey`);
  const { data } = (await keyRes.json()) as { data: { jwk: Record<string, string>; kid: string } };
  const query = await encryptCredentials(
    data.jwk,
    { ...fields, confirmPassword: fields.password, agree: true },
    { kid: data.kid },
  );
  const res = await fetch(`${baseUrl}/api/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });
  return { status: res.status, body: (await res.json()) as { error?: string } };
}
