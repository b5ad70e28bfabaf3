import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY, useSessionStore } from '../../../lib/session-store';
import { failure, mockFetch, ok } from '../../../test/fetch-mock';
import { renderApp, sampleConfig, sampleUser } from '../../../test/render-app';
import { RESEND_DELAY_SECONDS } from './forgot-password-route';

function logIn() {
  useSessionStore.getState().signIn({ token: 'token-1', userInfo: sampleUser });
  useSessionStore.getState().setConfig(sampleConfig);
}

describe('change password', () => {
  it('changes the password, ends the session and opens the login', async () => {
    logIn();
    const { sent } = mockFetch({ 'POST /api/user/changePassword': () => ok(null) });
    const user = userEvent.setup();
    renderApp('/changePassword');

    await user.type(await screen.findByLabelText('Current password'), 'oldpass123');
    await user.type(screen.getByLabelText('New password'), 'newpass456');
    await user.type(screen.getByLabelText('Confirm password'), 'newpass456');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Password changed, please log in again')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(sent[0]!.body).toEqual({ oldPassword: 'oldpass123', password: 'newpass456', confirmPassword: 'newpass456' });
    expect(sent[0]!.headers.token).toBe('token-1');
    expect(useSessionStore.getState().token).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('refuses a new password equal to the current one before asking the server', async () => {
    logIn();
    const { spy } = mockFetch({});
    const user = userEvent.setup();
    renderApp('/changePassword');

    await user.type(await screen.findByLabelText('Current password'), 'samepass123');
    await user.type(screen.getByLabelText('New password'), 'samepass123');
    await user.type(screen.getByLabelText('Confirm password'), 'samepass123');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('The new password must differ from the current one')).toBeInTheDocument();
    expect(spy).not.toHaveBeenCalled();
  });

  it('keeps the session when the server refuses the current password', async () => {
    logIn();
    mockFetch({
      'POST /api/user/changePassword': () => failure(422, 'OLD_PASSWORD_WRONG', 'The current password is wrong'),
    });
    const user = userEvent.setup();
    renderApp('/changePassword');

    await user.type(await screen.findByLabelText('Current password'), 'wrongpass1');
    await user.type(screen.getByLabelText('New password'), 'newpass456');
    await user.type(screen.getByLabelText('Confirm password'), 'newpass456');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('The current password is wrong')).toBeInTheDocument();
    expect(useSessionStore.getState().token).toBe('token-1');
    expect(screen.getByTestId('location')).toHaveTextContent('/changePassword');
  });

  it('offers login and the reset by code to a visitor without a session', async () => {
    mockFetch({});
    renderApp('/changePassword');
    expect(await screen.findByText('Please log in')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgotPassword');
  });
});

describe('forgot password', () => {
  it('sends a code, counts down 60 s before another may be sent', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { sent } = mockFetch({ 'POST /api/user/forgotPassword/code': () => ok(null) });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    renderApp('/forgotPassword');

    await user.click(await screen.findByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('Please enter your mobile number')).toBeInTheDocument();
    expect(sent).toHaveLength(0);

    await user.type(screen.getByLabelText('Mobile number'), '+49 151 23456789');
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    expect(
      await screen.findByText('If this number is registered, a verification code has been sent to it'),
    ).toBeInTheDocument();
    expect(sent[0]!.body).toEqual({ phone: '+4915123456789' });
    expect(screen.getByRole('button', { name: `Resend in ${RESEND_DELAY_SECONDS} s` })).toBeDisabled();

    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(screen.getByRole('button', { name: 'Resend in 1 s' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.getByRole('button', { name: 'Send code' })).toBeEnabled();
  });

  it('resets the password with the code, ends any session and opens the login with the phone', async () => {
    logIn();
    const { sent } = mockFetch({ 'POST /api/user/forgotPassword': () => ok(null) });
    const user = userEvent.setup();
    renderApp('/forgotPassword');

    await user.type(await screen.findByLabelText('Mobile number'), '+4915123456789');
    await user.type(screen.getByLabelText('Verification code'), '12345');
    await user.type(screen.getByLabelText('New password'), 'newpass456');
    await user.type(screen.getByLabelText('Confirm password'), 'newpass456');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('The verification code has 6 digits')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Verification code'), '6');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));

    expect(await screen.findByText('Password reset successfully, please log in')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Mobile number')).toHaveValue('+4915123456789');
    expect(sent[0]!.body).toEqual({
      phone: '+4915123456789',
      code: '123456',
      password: 'newpass456',
      confirmPassword: 'newpass456',
    });
    expect(useSessionStore.getState().token).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});
