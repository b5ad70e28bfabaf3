import { post } from '../request';

/** POST /api/user/logout: revokes the session token on the server (data is null). */
export function logout(): Promise<unknown> {
  return post('/api/user/logout');
}
