import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, ok } from '../../../test/fetch-mock';
import { renderApp, sampleConfig, sampleUser } from '../../../test/render-app';
import { createServerKeys } from '../../../test/server-keys';
import { useSessionStore } from '../../../lib/session-store';

const agreement = {
  lang: 'en',
  title: 'User agreement',
  updated: '2026-10-01',
  intro: 'These terms govern your use of Bourse.',
  sections: [{ id: 'acceptance', title: '1. Acceptance', body: 'You accept by clicking accept.' }],
};

async function fill(labels: Record<string, string>) {
  const user = userEvent.setup();
  for (const [label, value] of Object.entries(labels)) {
    const input = screen.getByLabelText(label);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
  return user;
}

describe('register screen: validation', () => {
  it('requires every field and the accepted agreement', async () => {
    const { spy } = mockFetch({});
    const user = userEvent.setup();
    renderApp('/register');

    await user.click(await screen.findByRole('button', { name: 'Register' }));

    expect(await screen.findByText('Please enter your mobile number')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password')).toBeInTheDocument();
    expect(screen.getByText('Please confirm your password')).toBeInTheDocument();
    expect(screen.getByText('Please enter the invitation code')).toBeInTheDocument();
    expect(screen.getByText('Please read and accept the user agreement')).toBeInTheDocument();
    expect(spy).not.toHaveBeenCalled();
  });

  it('checks the phone format, the password policy and that the passwords match', async () => {
    const { spy } = mockFetch({});
    renderApp('/register');
    await screen.findByRole('button', { name: 'Register' });

    const user = await fill({
      'Mobile number': '0151 2345',
      Password: 'onlyletters',
      'Confirm password': 'different1',
      'Invitation code': 'WELCOME',
    });
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText('Please enter a valid mobile number with country code')).toBeInTheDocument();
    expect(screen.getByText('The password needs at least 8 characters, with letters and digits')).toBeInTheDocument();
    expect(screen.getByText('The two passwords do not match')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      'The password needs at least 8 characters, with letters and digits At least 8 characters, with letters and digits',
    );
    expect(spy).not.toHaveBeenCalled();
  });

  it('clears the password message once the password meets the policy', async () => {
    mockFetch({});
    renderApp('/register');
    await screen.findByRole('button', { name: 'Register' });
    const user = await fill({ Password: 'abc1' });
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(
      await screen.findByText('The password needs at least 8 characters, with letters and digits'),
    ).toBeInTheDocument();

    await fill({ Password: 'abcdefg1' });
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(
      screen.queryByText('The password needs at least 8 characters, with letters and digits'),
    ).not.toBeInTheDocument();
  });
});

describe('register screen: submitting', () => {
  it('sends the encrypted form, signs the investor in with the answered session and opens home', async () => {
    const keys = await createServerKeys();
    let registered: Record<string, unknown> | undefined;
    mockFetch({
      'GET /api/user/publicKey': () => ok(keys.publicKeyResponse),
      'POST /api/user/register': async (request) => {
        registered = (await keys.decrypt((request.body as { query: string }).query)).payload;
        return ok({ userinfo: { ...sampleUser, token: 'registered-token', expiresAt: '2026-12-01T00:00:00.000Z' } });
      },
      'GET /api/stock/getconfig': () => ok(sampleConfig),
    });
    renderApp('/register');
    await screen.findByRole('button', { name: 'Register' });

    const user = await fill({
      'Mobile number': '+49 151 23456789',
      Password: 'secret123',
      'Confirm password': 'secret123',
      'Invitation code': ' WELCOME2026 ',
    });
    await user.click(screen.getByRole('checkbox', { name: 'I have read and accept the' }));
    await user.click(screen.getByRole('button', { name: 'Register' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(useSessionStore.getState().token).toBe('registered-token');
    expect(useSessionStore.getState().userInfo?.nickname).toBe('Ada');
    expect(screen.queryByRole('heading', { level: 1, name: 'Log in' })).not.toBeInTheDocument();
    expect(registered).toMatchObject({
      phone: '+4915123456789',
      password: 'secret123',
      confirmPassword: 'secret123',
      inviteCode: 'WELCOME2026',
      agree: true,
    });
  });

  it('keeps the form while the user reads the agreement, and Accept ticks the box', async () => {
    mockFetch({ 'GET /api/agreement': () => ok(agreement) });
    renderApp('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Register now' }));
    await screen.findByRole('button', { name: 'Register' });
    await fill({ 'Mobile number': '+4915123456789', 'Invitation code': 'WELCOME' });

    await user.click(screen.getByRole('link', { name: 'user agreement' }));
    const article = await screen.findByRole('article');
    expect(within(article).getByRole('heading', { level: 2, name: '1. Acceptance' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Create an account' })).toBeInTheDocument();
    expect(screen.getByLabelText('Mobile number')).toHaveValue('+4915123456789');
    expect(screen.getByLabelText('Invitation code')).toHaveValue('WELCOME');
    expect(screen.getByRole('checkbox', { name: 'I have read and accept the' })).toBeChecked();
  });
});
