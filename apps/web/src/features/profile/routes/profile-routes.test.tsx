import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ClosureState } from '@bourse/shared/schemas/privacy';
import { useSessionStore } from '../../../lib/session-store';
import { failure, json, mockFetch, ok } from '../../../test/fetch-mock';
import { renderApp, sampleConfig, sampleUser } from '../../../test/render-app';
import { maskPhone } from '../api/profile-api';

function logIn() {
  useSessionStore.getState().signIn({ token: 'token-1', userInfo: sampleUser });
  useSessionStore.getState().setConfig(sampleConfig);
}

describe('personal information (/personInfo)', () => {
  it('masks the mobile number, keeping country, prefix and the last three digits', () => {
    expect(maskPhone('+4915123456789')).toBe('+49 151 ••••• 789');
    expect(maskPhone('015123456789')).toBe('015 ••••• 789');
  });

  it('saves a nickname with markup as text, shows the server’s refusal, and the masked mobile', async () => {
    logIn();
    let nickname = 'Ada';
    const { sent } = mockFetch({
      'GET /api/user/info': () => ok({ ...sampleUser, nickname }),
      'POST /api/user/profile': (request) => {
        const body = request.body as { nickname?: string };
        if (body.nickname === '')
          return failure(400, 'NICKNAME_INVALID', 'The nickname must be 1 to 30 characters long');
        nickname = body.nickname ?? nickname;
        return ok({ ...sampleUser, nickname });
      },
    });
    const user = userEvent.setup();
    renderApp('/personInfo');
    expect(await screen.findByRole('heading', { level: 1, name: 'Personal information' })).toBeInTheDocument();
    expect(screen.getByText('+49 151 ••••• 789')).toBeInTheDocument();
    expect(screen.queryByText('+4915123456789')).not.toBeInTheDocument();

    const field = screen.getByLabelText('Nickname');
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The nickname must be 1 to 30 characters long')).toBeInTheDocument();

    await user.type(field, '<img src=x onerror=alert(1)>');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(useSessionStore.getState().userInfo?.nickname).toBe('<img src=x onerror=alert(1)>'));
    expect(sent.filter((r) => r.method === 'POST').at(-1)?.body).toEqual({ nickname: '<img src=x onerror=alert(1)>' });
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });

  it('refuses an invalid e-mail on the device and sends nothing', async () => {
    logIn();
    const { sent } = mockFetch({ 'GET /api/user/info': () => ok(sampleUser) });
    const user = userEvent.setup();
    renderApp('/personInfo');
    await user.type(await screen.findByLabelText('E-mail'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter a valid e-mail address')).toBeInTheDocument();
    expect(sent.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it('uploads a picture as multipart field avatar and shows the new one', async () => {
    logIn();
    let avatar: string | null = null;
    const { sent } = mockFetch({
      'GET /api/user/info': () => ok({ ...sampleUser, avatar }),
      'POST /api/user/editAvatar': () => {
        avatar = '/api/user/avatars/0123456789abcdef0123456789abcdef.jpg';
        return ok({ avatar });
      },
    });
    const user = userEvent.setup();
    renderApp('/personInfo');
    await screen.findByRole('heading', { level: 1, name: 'Personal information' });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    await user.upload(input, new File([new Uint8Array([0xff, 0xd8, 0xff])], 'me.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText('Profile picture updated')).toBeInTheDocument();
    const upload = sent.find((r) => r.url === '/api/user/editAvatar');
    expect((upload?.body as FormData).get('avatar')).toBeInstanceOf(File);
    await waitFor(() =>
      expect(useSessionStore.getState().userInfo?.avatar).toBe(
        '/api/user/avatars/0123456789abcdef0123456789abcdef.jpg',
      ),
    );
  });
});

describe('your data (/setting/data)', () => {
  const blocked: ClosureState = { request: null, blockers: ['balances', 'openOrders'] };

  it('lists what closing still waits for and offers no request then', async () => {
    logIn();
    mockFetch({ 'GET /api/user/closure': () => ok(blocked) });
    renderApp('/setting/data');
    expect(await screen.findByText('Balances not at zero')).toBeInTheDocument();
    expect(screen.getByText('Open orders')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request closure' })).not.toBeInTheDocument();
  });

  it('requests the closure after confirmation, shows it pending and withdraws it', async () => {
    logIn();
    let state: ClosureState = { request: null, blockers: [] };
    const request = {
      id: 3,
      status: 'pending' as const,
      reason: 'moving',
      rejectReason: null,
      createdAt: '2026-11-23T09:00:00.000Z',
      decidedAt: null,
    };
    const { sent } = mockFetch({
      'GET /api/user/closure': () => ok(state),
      'POST /api/user/closure': () => {
        state = { request, blockers: [] };
        return ok(request);
      },
      'POST /api/user/closure/withdraw': () => {
        state = { request: { ...request, status: 'withdrawn' }, blockers: [] };
        return ok(state.request);
      },
    });
    const user = userEvent.setup();
    renderApp('/setting/data');
    await user.type(await screen.findByLabelText('Reason (optional)'), 'moving');
    await user.click(screen.getByRole('button', { name: 'Request closure' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Request closure' }));
    expect(await screen.findByText('Under review')).toBeInTheDocument();
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({ reason: 'moving' });
    await user.click(screen.getByRole('button', { name: 'Withdraw request' }));
    expect(await screen.findByText('Withdrawn')).toBeInTheDocument();
  });

  it('downloads the export under the server’s file name, with the session token', async () => {
    logIn();
    const { sent } = mockFetch({
      'GET /api/user/closure': () => ok(blocked),
      'GET /api/user/export': () =>
        new Response(JSON.stringify({ userId: 7 }), {
          headers: {
            'content-type': 'application/json',
            'content-disposition': 'attachment; filename="bourse-data-7-2026-11-23.json"',
          },
        }),
    });
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    // jsdom has no object URLs.
    Object.assign(URL, { createObjectURL: () => 'blob:test', revokeObjectURL: () => undefined });
    try {
      const user = userEvent.setup();
      renderApp('/setting/data');
      await user.click(await screen.findByRole('button', { name: 'Download my data' }));
      expect(await screen.findByText('Your data has been downloaded')).toBeInTheDocument();
      expect(clicked).toEqual(['bourse-data-7-2026-11-23.json']);
      expect(sent.find((r) => r.url === '/api/user/export')?.headers.token).toBe('token-1');
    } finally {
      click.mockRestore();
    }
  });

  it('shows the server’s refusal of the export', async () => {
    logIn();
    mockFetch({
      'GET /api/user/closure': () => ok(blocked),
      'GET /api/user/export': () =>
        json({ code: 429, error: 'RATE_LIMITED', msg: 'Too many requests', data: null }, 429),
    });
    const user = userEvent.setup();
    renderApp('/setting/data');
    await user.click(await screen.findByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Too many requests')).toBeInTheDocument();
  });
});
