/**
 * Signs the demo investor in on a running server and prints the session token (for tools that
 * need one, such as the sqlmap run in docs/security.md):
 *
 *   node --import tsx scripts/demo-investor-token.ts http://127.0.0.1:4400 /path/to/data/demo-credentials.json
 *
 * The credentials are encrypted as the web app does, with `iat` from the server's clock (its
 * `x-server-time` header), so a sandbox clock moved ahead does not make the envelope stale.
 */
import { readFileSync } from 'node:fs';
import { encryptCredentials } from '@bourse/shared/jwe';

const [base = 'http://127.0.0.1:3000', credentialsFile = 'data/demo-credentials.json'] = process.argv.slice(2);
const credentials = JSON.parse(readFileSync(credentialsFile, 'utf8')) as {
  investor: { username: string; password: string };
};
const keyResponse = await fetch(`${base}/api/user/publicKey`);
const key = (await keyResponse.json()) as { data: { jwk: Record<string, string>; kid: string } };
const serverNow = Number(keyResponse.headers.get('x-server-time'));
const { username, password } = credentials.investor;
const query = await encryptCredentials(key.data.jwk, { username, password }, { kid: key.data.kid, nowMs: serverNow });
const login = await fetch(`${base}/api/user/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ query }),
});
const answer = (await login.json()) as { data?: { userinfo: { token: string } }; error?: string };
if (login.status !== 200 || !answer.data) {
  console.error(`sign-in failed: ${login.status} ${answer.error ?? ''}`);
  process.exit(1);
}
console.log(answer.data.userinfo.token);
