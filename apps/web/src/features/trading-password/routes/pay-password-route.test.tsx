import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { UserInfo } from '@bourse/shared/schemas/auth';
import { useSessionStore } from '../../../lib/session-store';
import { failure, mockFetch, ok, type SentRequest } from '../../../test/fetch-mock';
import { renderApp, sampleConfig, sampleUser } from '../../../test/render-app';
import { emptyInvestmentRoutes } from '../../../test/ipo-samples';
import { sampleAssets, sampleCards } from '../../../test/wallet-samples';

const SAVE = 'POST /api/user/tradingPassword';

function logIn(user: UserInfo) {
  useSessionStore.getState().signIn({ token: 'token-1', userInfo: user });
  useSessionStore.getState().setConfig(sampleConfig);
}

const saves = (sent: SentRequest[]) => sent.filter((r) => `${r.method} ${r.url}` === SAVE);

describe('trading password (/payPwd)', () => {
  it('sets the first one with the login password; the two entries must match', async () => {
    let user: UserInfo = { ...sampleUser, hasTradingPassword: false };
    logIn(user);
    const { sent } = mockFetch({
      'GET /api/user/info': () => ok(user),
      [SAVE]: () => {
        user = { ...user, hasTradingPassword: true };
        return ok(null);
      },
      'GET /api/user/assets': () => ok(sampleAssets),
    });
    const events = userEvent.setup();
    renderApp('/payPwd');

    expect(await screen.findByRole('heading', { level: 1, name: 'Set trading password' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Current trading password')).not.toBeInTheDocument();
    const login = screen.getByLabelText('Login password');
    const password = screen.getByLabelText('New trading password');
    const confirmation = screen.getByLabelText('Repeat trading password');

    await events.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Please enter your login password')).toBeInTheDocument();
    expect(screen.getByText('Please enter your trading password')).toBeInTheDocument();
    expect(screen.getByText('Please enter the trading password again')).toBeInTheDocument();

    await events.type(login, 'correct horse 1');
    await events.type(password, '12a34b56');
    expect(password).toHaveValue('123456');
    await events.type(confirmation, '123465');
    expect(screen.getByText('The two trading passwords do not match')).toBeInTheDocument();
    expect(confirmation).toHaveAttribute('aria-invalid', 'true');
    await events.click(screen.getByRole('button', { name: 'Set password' }));
    expect(saves(sent)).toHaveLength(0);

    await events.clear(confirmation);
    await events.type(confirmation, '123456');
    expect(screen.queryByText('The two trading passwords do not match')).not.toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Set password' }));

    expect(await screen.findByText('Trading password set')).toBeInTheDocument();
    expect(saves(sent)[0]!.body).toEqual({
      password: '123456',
      confirmPassword: '123456',
      loginPassword: 'correct horse 1',
    });
    expect(useSessionStore.getState().userInfo?.hasTradingPassword).toBe(true);
    // Opened directly, the screen hands over to the personal centre.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/personCenter'));
  });

  it('changes an existing one with the current trading password, or with the login password instead', async () => {
    const user: UserInfo = { ...sampleUser, hasTradingPassword: true };
    logIn(user);
    let calls = 0;
    const { sent } = mockFetch({
      'GET /api/user/info': () => ok(user),
      [SAVE]: () => {
        calls += 1;
        return calls === 1 ? failure(422, 'TRADING_PASSWORD_WRONG', 'The trading password is wrong') : ok(null);
      },
      'GET /api/user/assets': () => ok(sampleAssets),
      // Opened directly, the screen hands over to the personal centre, which reads these too.
      ...emptyInvestmentRoutes(),
    });
    const events = userEvent.setup();
    renderApp('/payPwd');

    expect(await screen.findByRole('heading', { level: 1, name: 'Change trading password' })).toBeInTheDocument();
    await events.type(screen.getByLabelText('Current trading password'), '111111');
    await events.type(screen.getByLabelText('New trading password'), '222222');
    await events.type(screen.getByLabelText('Repeat trading password'), '222222');
    await events.click(screen.getByRole('button', { name: 'Change password' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Current trading password')).toHaveAccessibleDescription(
        /The trading password is wrong/,
      ),
    );
    expect(saves(sent)[0]!.body).toEqual({ password: '222222', confirmPassword: '222222', oldPassword: '111111' });

    await events.click(screen.getByRole('button', { name: 'Forgotten it? Use your login password' }));
    expect(screen.queryByLabelText('Current trading password')).not.toBeInTheDocument();
    await events.type(screen.getByLabelText('Login password'), 'correct horse 1');
    await events.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Trading password changed')).toBeInTheDocument();
    expect(saves(sent)[1]!.body).toEqual({
      password: '222222',
      confirmPassword: '222222',
      loginPassword: 'correct horse 1',
    });
  });

  it('returns to the withdrawal that needed it', async () => {
    let user: UserInfo = { ...sampleUser, hasTradingPassword: false };
    logIn(user);
    mockFetch({
      'GET /api/user/info': () => ok(user),
      'GET /api/wallet/cards': () => ok(sampleCards),
      'GET /api/user/assets': () => ok(sampleAssets),
      [SAVE]: () => {
        user = { ...user, hasTradingPassword: true };
        return ok(null);
      },
    });
    const events = userEvent.setup();
    renderApp('/withdraw');

    await events.click(await screen.findByRole('link', { name: 'Set trading password' }));
    await events.type(await screen.findByLabelText('Login password'), 'correct horse 1');
    await events.type(screen.getByLabelText('New trading password'), '123456');
    await events.type(screen.getByLabelText('Repeat trading password'), '123456');
    await events.click(screen.getByRole('button', { name: 'Set password' }));

    expect(await screen.findByLabelText('Trading password')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/withdraw');
  });
});
