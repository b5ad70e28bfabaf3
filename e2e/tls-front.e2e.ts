import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTlsFront, type TlsFront } from '../scripts/tls-front.ts';

/**
 * The TLS terminator the Lighthouse script measures the app through (scripts/tls-front.ts): HTTP/2 to the
 * browser, each request passed on over HTTP/1.1 as sent, WebSocket upgrades passed through.
 */
describe('TLS front', () => {
  let upstream: http.Server;
  let front: TlsFront;
  const seen: { method?: string; url?: string; headers: http.IncomingHttpHeaders }[] = [];

  beforeAll(async () => {
    upstream = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        seen.push({ method: req.method, url: req.url, headers: req.headers });
        res.writeHead(req.url === '/missing' ? 404 : 200, {
          'content-type': 'text/plain',
          'x-upstream': 'yes',
          connection: 'keep-alive',
        });
        res.end(`${req.method} ${req.url} ${Buffer.concat(chunks).toString()}`);
      });
    });
    upstream.on('upgrade', (req: http.IncomingMessage, socket) => {
      socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: echo\r\nConnection: Upgrade\r\n\r\n');
      socket.write(`upgraded ${req.url}`);
      socket.on('data', (data: Buffer) => socket.write(data));
      socket.on('end', () => socket.end());
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    front = await startTlsFront(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`);
  });

  afterAll(async () => {
    await front.close();
    upstream.closeAllConnections();
    await new Promise<void>((resolve) => upstream.close(() => resolve()));
  });

  /** One request over HTTP/2 (the certificate is the front's own, made for the run). */
  function request(path: string, method = 'GET', body?: string) {
    return new Promise<{ status: number; headers: http2.IncomingHttpHeaders; body: string; protocol: string }>(
      (resolve, reject) => {
        const session = http2.connect(front.url, { rejectUnauthorized: false });
        session.on('error', reject);
        const stream = session.request({ ':path': path, ':method': method, 'x-sent': 'by-client' });
        let text = '';
        let headers: http2.IncomingHttpHeaders = {};
        stream.on('response', (received) => (headers = received));
        stream.setEncoding('utf8');
        stream.on('data', (chunk: string) => (text += chunk));
        stream.on('end', () => {
          const protocol = session.alpnProtocol ?? '';
          session.close();
          resolve({ status: Number(headers[':status']), headers, body: text, protocol });
        });
        stream.end(body);
      },
    );
  }

  it('answers over HTTP/2 with what the server answered, the request passed on as sent', async () => {
    const answer = await request('/assets/app.js?v=1');
    expect(answer.protocol).toBe('h2');
    expect(answer.status).toBe(200);
    expect(answer.body).toBe('GET /assets/app.js?v=1 ');
    expect(answer.headers['x-upstream']).toBe('yes');
    // The server's connection header is its connection's own, not the browser's (and HTTP/2 forbids it).
    expect(answer.headers.connection).toBeUndefined();
    const passed = seen.at(-1)!;
    expect(passed.headers['x-sent']).toBe('by-client');
    expect(passed.headers['x-forwarded-proto']).toBe('https');
    // The host the browser asked for, so that the server's Origin check sees the page's own origin.
    expect(passed.headers.host).toBe(new URL(front.url).host);
  });

  it('passes bodies and statuses on', async () => {
    const posted = await request('/api/echo', 'POST', '{"a":1}');
    expect(posted.body).toBe('POST /api/echo {"a":1}');
    expect((await request('/missing')).status).toBe(404);
  });

  it('passes a WebSocket upgrade through, both ways', async () => {
    const { port } = new URL(front.url);
    const socket = tls.connect({
      host: '127.0.0.1',
      port: Number(port),
      rejectUnauthorized: false,
      ALPNProtocols: ['http/1.1'],
    });
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    await new Promise<void>((resolve) => socket.once('secureConnect', () => resolve()));
    socket.write('GET /api/stream HTTP/1.1\r\nHost: localhost\r\nConnection: Upgrade\r\nUpgrade: echo\r\n\r\n');
    await expect.poll(() => received).toContain('upgraded /api/stream');
    expect(received).toMatch(/^HTTP\/1\.1 101/);
    socket.write('ping');
    await expect.poll(() => received).toMatch(/ping$/);
    socket.destroy();
  });
});
