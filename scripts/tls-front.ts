import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Hop-by-hop headers (RFC 9113 §8.2.2): a connection's own, not forwarded either way; and `host`, which
 * the front sets itself.
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'host',
  'http2-settings',
]);

export interface TlsFront {
  /** https://localhost:<port>, answering over HTTP/2 (HTTP/1.1 for clients that do not offer it). */
  url: string;
  close(): Promise<void>;
}

/**
 * What a deployment puts in front of the server (docs/deploy.md: the load balancer ends TLS; app.ts leaves
 * HSTS to it): TLS with a throw-away self-signed certificate for `localhost` (made by the system's `openssl`) and
 * HTTP/2 to the browser, every request forwarded over HTTP/1.1 to `upstream` with its headers and body as
 * sent. For measuring the app as a phone meets it in production (`npm run lighthouse` does by default);
 * the browser must be told to accept the certificate.
 */
export async function startTlsFront(upstream: string): Promise<TlsFront> {
  const dir = mkdtempSync(join(tmpdir(), 'bourse-tls-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout',
      join(dir, 'key.pem'),
      '-out',
      join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  // Every connection, closed with the front (a browser keeps its own open).
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  const target = new URL(upstream);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const server = http2.createSecureServer(
    { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')), allowHTTP1: true },
    (req, res) => {
      const headers: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (!name.startsWith(':') && !HOP_BY_HOP.has(name)) headers[name] = value;
      }
      // The host the browser asked for, as a terminator passes it on (the server compares Origin with it).
      headers.host = req.headers[':authority'] ?? req.headers.host ?? target.host;
      headers['x-forwarded-proto'] = 'https';
      const forwarded = http.request(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent },
        (answer) => {
          const back: http.OutgoingHttpHeaders = {};
          for (const [name, value] of Object.entries(answer.headers)) {
            if (!HOP_BY_HOP.has(name) && value !== undefined) back[name] = value;
          }
          res.writeHead(answer.statusCode ?? 502, back);
          answer.pipe(res);
        },
      );
      forwarded.on('error', () => {
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
      req.pipe(forwarded);
    },
  );
  // WebSocket upgrades (the live stream) arrive over HTTP/1.1: the connection is passed through as it is.
  server.on('upgrade', (req: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    const upstreamSocket = net.connect(Number(target.port), target.hostname, () => {
      track(upstreamSocket);
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      upstreamSocket.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstreamSocket.write(head);
      upstreamSocket.pipe(socket).pipe(upstreamSocket);
    });
    const closeBoth = () => {
      socket.destroy();
      upstreamSocket.destroy();
    };
    upstreamSocket.on('error', closeBoth);
    socket.on('error', closeBoth);
  });
  server.on('secureConnection', track);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://localhost:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
        rmSync(dir, { recursive: true, force: true });
      }),
  };
}
