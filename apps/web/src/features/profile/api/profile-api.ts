import { userInfo, type UserInfo } from '@bourse/shared/schemas/auth';
import { avatarResult, closureRequest, closureState, type ClosureState } from '@bourse/shared/schemas/privacy';
import { queryOptions } from '@tanstack/react-query';
import { RequestError } from '../../../lib/request-error';
import { get, post } from '../../../lib/request';
import { useSessionStore } from '../../../lib/session-store';
import { showErrorToast } from '../../../lib/toast';

/** POST /api/user/profile with the personal-info fields (nickname, e-mail). */
export function saveProfile(changes: { nickname?: string; email?: string }): Promise<UserInfo> {
  return post('/api/user/profile', changes, { schema: userInfo, allowDuplicate: true });
}

/** POST /api/user/editAvatar: the picture as multipart field `avatar`; answers where the new one is served. */
export function uploadAvatar(file: File): Promise<{ avatar: string }> {
  const form = new FormData();
  form.append('avatar', file);
  return post('/api/user/editAvatar', form, { schema: avatarResult, loading: true });
}

export const closureQueryOptions = () =>
  queryOptions({
    queryKey: ['user', 'closure'],
    queryFn: ({ signal }): Promise<ClosureState> =>
      get('/api/user/closure', undefined, { schema: closureState, signal }),
  });

export function requestClosure(reason: string) {
  return post('/api/user/closure', reason ? { reason } : {}, { schema: closureRequest });
}

export function withdrawClosure() {
  return post('/api/user/closure/withdraw', undefined, { schema: closureRequest });
}

/**
 * GET /api/user/export, saved as the file the server names: the body is the JSON document itself,
 * not an envelope, so it is fetched directly (with the session token) and handed to the browser as
 * a download.
 */
export async function downloadMyData(): Promise<void> {
  const token = useSessionStore.getState().token;
  const response = await fetch('/api/user/export', {
    headers: { ...(token ? { token } : {}), 'accept-language': useSessionStore.getState().language },
  });
  if (!response.ok) {
    // A refusal comes as the usual envelope: its localized message is shown, as the request client would.
    const envelope = (await response.json().catch(() => null)) as { msg?: unknown; error?: unknown } | null;
    const msg = typeof envelope?.msg === 'string' ? envelope.msg : null;
    if (msg) showErrorToast(msg);
    throw new RequestError(msg ? 'business' : 'http', msg ?? response.statusText, {
      status: response.status,
      notified: msg !== null,
      ...(typeof envelope?.error === 'string' ? { errorCode: envelope.error } : {}),
    });
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'bourse-data.json';
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** The mobile number with its middle hidden: "+49 151 ••••• 123" keeps the country, prefix and last three digits. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  if (digits.length <= 6) return '•'.repeat(Math.max(0, digits.length - 2)) + digits.slice(-2);
  const head = digits.startsWith('+') ? `${digits.slice(0, 3)} ${digits.slice(3, 6)}` : digits.slice(0, 3);
  return `${head} ••••• ${digits.slice(-3)}`;
}
