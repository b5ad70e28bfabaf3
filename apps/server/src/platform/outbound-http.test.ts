import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchOutbound, forbiddenAddressIn, ForbiddenAddressError, isPublicAddress } from './outbound-http.ts';

describe('outbound requests to operator-given URLs', () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/to-ok') res.writeHead(302, { location: '/ok' }).end();
      else if (req.url === '/to-file') res.writeHead(301, { location: 'file:///etc/passwd' }).end();
      else if (req.url === '/loop') res.writeHead(307, { location: '/loop' }).end();
      else res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('tells public unicast addresses from loopback, private, link-local, shared and reserved ones', () => {
    for (const address of ['8.8.8.8', '151.101.1.69', '2001:4860:4860::8888', '::ffff:8.8.8.8']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    for (const address of [
      '127.0.0.1',
      '127.8.9.10',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.254',
      '192.168.0.10',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '255.255.255.255',
      '224.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'localhost',
      'not an address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('refuses loopback by address literal and by a name that resolves to it, before any request is sent', async () => {
    let served = 0;
    server.on('request', () => served++);
    for (const url of [`http://127.0.0.1:${port}/ok`, `http://[::1]:${port}/ok`, `http://0x7f.1:${port}/ok`]) {
      const error = await fetchOutbound(url, {}, { allowPrivate: false }).catch((e: unknown) => e);
      expect(error, url).toBeInstanceOf(ForbiddenAddressError);
    }
    const byName = await fetchOutbound(`http://localhost:${port}/ok`, {}, { allowPrivate: false }).catch(
      (e: unknown) => e,
    );
    expect(forbiddenAddressIn(byName)).toBeInstanceOf(ForbiddenAddressError);
    expect(served).toBe(0);
  });

  it('with private addresses allowed, fetches and follows redirects by hand, checking each hop', async () => {
    const response = await fetchOutbound(`http://localhost:${port}/to-ok`, {}, { allowPrivate: true });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('ok');

    const toFile = await fetchOutbound(`http://127.0.0.1:${port}/to-file`, {}, { allowPrivate: true }).catch(
      (e: unknown) => e,
    );
    expect(toFile).toBeInstanceOf(ForbiddenAddressError);

    const loop = await fetchOutbound(
      `http://127.0.0.1:${port}/loop`,
      {},
      { allowPrivate: true, maxRedirects: 3 },
    ).catch((e: unknown) => e);
    expect(String(loop)).toMatch(/more than 3 redirects/);
  });
});
