import { randomBytes } from 'node:crypto';
import { encryptCredentials } from '@bourse/shared/jwe';
import { generate as generateTotp } from 'otplib';

/** What one HTTP call came to: a status and the envelope, or a network failure (status 0). */
export interface Answer<T = unknown> {
  status: number;
  code?: string | undefined;
  data: T;
  error?: string | undefined;
  /** Set when the request never got an answer (connection refused or reset: the server died). */
  networkError?: string | undefined;
}

export class NetworkError extends Error {}

/**
 * The reliability workload's HTTP client: one base URL (changed when the crash test restarts the
 * server) or several API instances of one deployment, taken in turn call by call as a load balancer
 * without sticky sessions would; and the server's clock as last seen in `x-server-time` — sealed
 * sign-in payloads and operator TOTP codes are checked against that clock, which the driver moves
 * forward (on every instance at once: platform/clock-sync.ts).
 */
export class Api {
  /** How far the server's (simulated) clock is ahead of this process's. */
  private clockOffsetMs = 0;
  private baseUrls: string[];
  private turn = 0;

  constructor(baseUrl: string | readonly string[]) {
    this.baseUrls = typeof baseUrl === 'string' ? [baseUrl] : [...baseUrl];
  }

  /** The first instance's URL; setting it leaves that one instance (the crash test's restart). */
  get baseUrl(): string {
    return this.baseUrls[0]!;
  }

  set baseUrl(url: string) {
    this.baseUrls = [url];
  }

  /** The instance the next call goes to: each in turn. */
  private nextBaseUrl(): string {
    const url = this.baseUrls[this.turn % this.baseUrls.length]!;
    this.turn = (this.turn + 1) % this.baseUrls.length;
    return url;
  }

  serverNowMs(): number {
    return Date.now() + this.clockOffsetMs;
  }

  async call<T = any>( // eslint-disable-line @typescript-eslint/no-explicit-any -- bodies are read loosely; the server's schemas check them
    method: string,
    url: string,
    options: {
      token?: string | null;
      body?: unknown;
      headers?: Record<string, string>;
      raw?: string;
      timeoutMs?: number;
    } = {},
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = { 'accept-language': 'en', ...(options.headers ?? {}) };
    if (options.token) headers.token = options.token;
    let payload: string | FormData | undefined;
    if (options.raw !== undefined) {
      payload = options.raw;
      headers['content-type'] ??= 'application/json';
    } else if (options.body instanceof FormData) payload = options.body;
    else if (options.body !== undefined) {
      payload = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    let res: Response;
    const started = Date.now();
    try {
      res = await fetch(`${this.nextBaseUrl()}${url}`, {
        method,
        headers,
        body: payload,
        signal: AbortSignal.timeout(options.timeoutMs ?? 60_000),
      });
    } catch (error) {
      return { status: 0, data: null as T, networkError: String((error as Error).cause ?? error) };
    }
    const stamp = Number(res.headers.get('x-server-time'));
    if (Number.isFinite(stamp) && stamp > 0) this.clockOffsetMs = Math.round(stamp - (started + Date.now()) / 2);
    let text: string;
    try {
      text = await res.text();
    } catch (error) {
      return { status: 0, data: null as T, networkError: String(error) };
    }
    let parsed: { data?: T; code?: string | number; error?: string } = {};
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      parsed = {};
    }
    return {
      status: res.status,
      data: (parsed.data ?? null) as T,
      code: typeof parsed.error === 'string' ? parsed.error : undefined,
      error: typeof parsed.error === 'string' ? parsed.error : undefined,
    };
  }

  /** Like `call`, but anything but 200 is an error (setup steps). */
  async must<T = any>( // eslint-disable-line @typescript-eslint/no-explicit-any -- as above
    method: string,
    url: string,
    options: { token?: string | null; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<T> {
    const answer = await this.call<T>(method, url, options);
    if (answer.status !== 200)
      throw new Error(`${method} ${url}: ${answer.status} ${answer.code ?? ''} ${answer.networkError ?? ''}`);
    return answer.data;
  }

  async seal(payload: Record<string, unknown>): Promise<string> {
    const key = await this.must<{ jwk: Record<string, string>; kid: string }>('GET', '/api/user/publicKey');
    return encryptCredentials(key.jwk, payload, { kid: key.kid, nowMs: this.serverNowMs() });
  }

  async register(phone: string, password: string, inviteCode: string): Promise<void> {
    await this.must('GET', '/api/health');
    const query = await this.seal({ phone, password, confirmPassword: password, inviteCode, agree: true });
    await this.must('POST', '/api/user/register', { body: { query } });
  }

  async login(username: string, password: string): Promise<{ token: string; id: number }> {
    await this.must('GET', '/api/health');
    const query = await this.seal({ username, password });
    const data = await this.must<{ userinfo: { token: string; id: number } }>('POST', '/api/user/login', {
      body: { query },
    });
    return data.userinfo;
  }

  async operatorLogin(username: string, password: string, totpSecret: string): Promise<string> {
    // A TOTP code is accepted once per 30 s step: wait for a fresh step if this one was used.
    for (let attempt = 0; ; attempt++) {
      await this.must('GET', '/api/health');
      const totp = await generateTotp({ secret: totpSecret, epoch: Math.floor(this.serverNowMs() / 1000) });
      const answer = await this.call<{ token: string }>('POST', '/api/admin/login', {
        body: { username, password, totp },
      });
      if (answer.status === 200) return answer.data.token;
      if (attempt >= 3) throw new Error(`operator sign-in failed: ${answer.status} ${answer.code ?? ''}`);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
}

export const newKey = () => randomBytes(12).toString('base64url');
