import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { UserInfo } from '@bourse/shared/schemas/auth';
import { useSessionStore } from '../../../lib/session-store';
import { failure, mockFetch, ok, type SentRequest } from '../../../test/fetch-mock';
import { renderApp, sampleConfig, sampleUser } from '../../../test/render-app';
import { sampleAssets, sampleCards } from '../../../test/wallet-samples';

const WITHDRAW = 'POST /api/wallet/withdrawals';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const withPassword: UserInfo = { ...sampleUser, hasTradingPassword: true };

function logIn(user: UserInfo = withPassword) {
  useSessionStore.getState().signIn({ token: 'token-1', userInfo: user });
  // minWithdrawal 20.00, currency EUR
  useSessionStore.getState().setConfig(sampleConfig);
}

const accepted = (body: { cardId: number; amount: string }) =>
  ok({
    id: 41,
    cardId: body.cardId,
    amount: body.amount,
    fee: '0.00',
    status: 'pending',
    reason: null,
    createdAt: '2026-11-23T09:00:00.000Z',
  });

function serve(
  overrides: Record<string, (request: SentRequest) => Response | Promise<Response>> = {},
  user = withPassword,
) {
  return mockFetch({
    'GET /api/user/info': () => ok(user),
    'GET /api/wallet/cards': () => ok(sampleCards),
    'GET /api/user/assets': () => ok(sampleAssets),
    'GET /api/wallet/records': () => ok([]),
    ...overrides,
  });
}

const withdrawals = (sent: SentRequest[]) => sent.filter((request) => `${request.method} ${request.url}` === WITHDRAW);

async function fillIn(user: ReturnType<typeof userEvent.setup>, values: { amount: string; password: string }) {
  await user.click(await screen.findByRole('radio', { name: /Sparkasse Berlin/ }));
  const amount = screen.getByLabelText('Amount');
  await user.clear(amount);
  await user.type(amount, values.amount);
  const password = screen.getByLabelText('Trading password');
  await user.clear(password);
  await user.type(password, values.password);
}

async function submitAndConfirm(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Withdraw' }));
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

describe('withdrawal screen', () => {
  it('checks card, amount and trading password before anything is sent', async () => {
    logIn();
    const { sent } = serve();
    const user = userEvent.setup();
    renderApp('/withdraw');

    expect(await screen.findByRole('heading', { level: 1, name: 'Withdraw' })).toBeInTheDocument();
    expect(await screen.findByText('€1,200.50')).toBeInTheDocument();
    expect(screen.getByText('Minimum €20.00, at most €1,200.50')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Please select a bank card')).toBeInTheDocument();
    expect(screen.getByText('Please enter the amount')).toBeInTheDocument();
    expect(screen.getByText('Please enter your trading password')).toBeInTheDocument();
    expect(screen.getByLabelText('Amount')).toHaveAttribute('aria-invalid', 'true');

    // Everything else right, the card still missing: nothing to confirm.
    await user.type(screen.getByLabelText('Amount'), '50');
    await user.type(screen.getByLabelText('Trading password'), '123456');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(screen.getByText('Please select a bank card')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Amount'));
    await user.clear(screen.getByLabelText('Trading password'));

    // The spec's rules: a card must be selected, the amount is not 0; and the bounds shown.
    await user.click(screen.getByRole('radio', { name: /Deutsche Bank/ }));
    expect(screen.queryByText('Please select a bank card')).not.toBeInTheDocument();
    const amount = screen.getByLabelText('Amount');
    await user.type(amount, '0');
    expect(screen.getByText('The amount cannot be 0')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '1200.51');
    expect(screen.getByText('You can withdraw at most €1,200.50')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '19.99');
    expect(screen.getByText('The minimum amount is €20.00')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '25.005');
    expect(screen.getByText('The amount can have at most 2 decimal places')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Trading password'), '12a3');
    expect(screen.getByLabelText('Trading password')).toHaveValue('123');
    expect(screen.getByText('The trading password has 6 digits')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(withdrawals(sent)).toHaveLength(0);
  });

  it('asks for confirmation, sends the withdrawal with an Idempotency-Key and opens the outgoing records', async () => {
    logIn();
    const { sent } = serve({ [WITHDRAW]: (request) => accepted(request.body as { cardId: number; amount: string }) });
    const user = userEvent.setup();
    renderApp('/withdraw');

    // "Withdraw all" takes exactly the withdrawable amount.
    await user.click(await screen.findByRole('button', { name: 'Withdraw all' }));
    expect(screen.getByLabelText('Amount')).toHaveValue('1200.50');
    await fillIn(user, { amount: '100,5', password: '123456' });

    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog');
    // The fee (1.50 in the sample config) and the net payout are disclosed before confirming: 100.50 − 1.50 = 99.00.
    expect(
      within(dialog).getByText(
        'Withdraw €100.50 to Sparkasse Berlin DE89 •••• 3000? Fee €1.50; €99.00 will be paid to your bank account.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByTestId('withdrawal-fee')).toHaveTextContent(
      'Fee €1.50; €99.00 will be paid to your bank account.',
    );
    // Cancelling sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(withdrawals(sent)).toHaveLength(0);

    await submitAndConfirm(user);

    expect(await screen.findByText('Withdrawal submitted')).toBeInTheDocument();
    const [request] = withdrawals(sent);
    expect(request!.body).toEqual({ cardId: 3, amount: '100.50', tradingPassword: '123456' });
    expect(request!.headers['idempotency-key']).toMatch(UUID);
    expect(await screen.findByRole('heading', { level: 1, name: 'Finance records' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Outgoing' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(sent.map((r) => r.url)).toContain('/api/wallet/records?direction=out&period=month'));
  });

  it('shows the server’s message for a wrong trading password, and the corrected attempt is a new action', async () => {
    logIn();
    let calls = 0;
    const { sent } = serve({
      [WITHDRAW]: (request) => {
        calls += 1;
        return calls === 1
          ? failure(422, 'TRADING_PASSWORD_WRONG', 'The trading password is wrong')
          : accepted(request.body as { cardId: number; amount: string });
      },
    });
    const user = userEvent.setup();
    renderApp('/withdraw');

    await fillIn(user, { amount: '50', password: '111111' });
    await submitAndConfirm(user);

    // The toast and, lasting, the message under the field, which is emptied for the next try.
    const password = screen.getByLabelText('Trading password');
    await waitFor(() => expect(password).toHaveAccessibleDescription(/The trading password is wrong/));
    expect(password).toHaveValue('');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Withdrawal submitted')).not.toBeInTheDocument();

    await user.type(password, '123456');
    expect(password).not.toHaveAttribute('aria-invalid');
    await submitAndConfirm(user);

    expect(await screen.findByText('Withdrawal submitted')).toBeInTheDocument();
    const [first, second] = withdrawals(sent);
    expect(first!.body).toEqual({ cardId: 3, amount: '50.00', tradingPassword: '111111' });
    expect(second!.body).toEqual({ cardId: 3, amount: '50.00', tradingPassword: '123456' });
    expect(second!.headers['idempotency-key']).toMatch(UUID);
    expect(second!.headers['idempotency-key']).not.toBe(first!.headers['idempotency-key']);
  });

  it('reuses the Idempotency-Key when the same withdrawal is retried after a lost connection', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    logIn();
    let calls = 0;
    const { sent } = serve({
      [WITHDRAW]: (request) => {
        calls += 1;
        return calls === 1
          ? Promise.reject(new TypeError('Failed to fetch'))
          : accepted(request.body as { cardId: number; amount: string });
      },
    });
    const user = userEvent.setup();
    renderApp('/withdraw');

    await fillIn(user, { amount: '80', password: '123456' });
    await submitAndConfirm(user);
    expect(await screen.findByText('Network error, please try again later')).toBeInTheDocument();
    // What the user typed stays, so the retry is the same action.
    expect(screen.getByLabelText('Trading password')).toHaveValue('123456');

    // Past the client's one-second duplicate guard, as a real retry would be.
    vi.setSystemTime(Date.now() + 1_500);
    await submitAndConfirm(user);

    expect(await screen.findByText('Withdrawal submitted')).toBeInTheDocument();
    const [first, retry] = withdrawals(sent);
    expect(retry!.body).toEqual(first!.body);
    expect(first!.headers['idempotency-key']).toMatch(UUID);
    expect(retry!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
  });

  it('gives a new key when the amount is changed after a lost connection', async () => {
    logIn();
    const { sent } = serve({ [WITHDRAW]: () => Promise.reject(new TypeError('Failed to fetch')) });
    const user = userEvent.setup();
    renderApp('/withdraw');

    await fillIn(user, { amount: '80', password: '123456' });
    await submitAndConfirm(user);
    await screen.findByText('Network error, please try again later');
    await fillIn(user, { amount: '70', password: '123456' });
    await submitAndConfirm(user);

    await waitFor(() => expect(withdrawals(sent)).toHaveLength(2));
    const [first, second] = withdrawals(sent);
    expect(second!.headers['idempotency-key']).not.toBe(first!.headers['idempotency-key']);
  });

  it('shows the server’s refusal of the amount under the field; trying the same again is a new action', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    logIn();
    const { sent } = serve({
      [WITHDRAW]: () => failure(422, 'AMOUNT_EXCEEDS_WITHDRAWABLE', 'The amount exceeds what you can withdraw'),
    });
    const user = userEvent.setup();
    renderApp('/withdraw');

    await fillIn(user, { amount: '1000', password: '123456' });
    await submitAndConfirm(user);
    await waitFor(() =>
      expect(screen.getByLabelText('Amount')).toHaveAccessibleDescription(/The amount exceeds what you can withdraw/),
    );

    // The server answered; the same request again must be checked again, not replayed.
    vi.setSystemTime(Date.now() + 1_500);
    await submitAndConfirm(user);
    await waitFor(() => expect(withdrawals(sent)).toHaveLength(2));
    const [first, again] = withdrawals(sent);
    expect(again!.body).toEqual(first!.body);
    expect(again!.headers['idempotency-key']).not.toBe(first!.headers['idempotency-key']);
  });

  it('preselects a single bound card and marks it as the chosen one', async () => {
    logIn();
    const { sent } = serve({ 'GET /api/wallet/cards': () => ok([sampleCards[0]]) });
    const user = userEvent.setup();
    renderApp('/withdraw');
    const only = await screen.findByRole('radio', { name: /Sparkasse Berlin/ });
    expect(only).toBeChecked();
    expect(only).toHaveAttribute('aria-checked', 'true');
    const option = only.closest('label')!;
    expect(option).toHaveClass('card-option-checked');
    expect(option.querySelector('.card-option-mark')).toHaveTextContent('✓');

    // Sent to that card without touching the picker.
    await user.type(screen.getByLabelText('Amount'), '50');
    await user.type(screen.getByLabelText('Trading password'), '123456');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(screen.queryByText('Please select a bank card')).not.toBeInTheDocument();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/DE89 •••• 3000/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(withdrawals(sent)).toHaveLength(0);
  });

  it('chooses nothing in advance among several cards, and shows on each whether it is chosen', async () => {
    logIn();
    serve();
    const user = userEvent.setup();
    renderApp('/withdraw');
    const first = await screen.findByRole('radio', { name: /Sparkasse Berlin/ });
    const second = screen.getByRole('radio', { name: /Deutsche Bank/ });
    for (const radio of [first, second]) {
      expect(radio).not.toBeChecked();
      expect(radio).toHaveAttribute('aria-checked', 'false');
      expect(radio.closest('label')!.querySelector('.card-option-mark')).toHaveTextContent('');
    }
    await user.click(second);
    expect(second).toHaveAttribute('aria-checked', 'true');
    expect(second.closest('label')!.querySelector('.card-option-mark')).toHaveTextContent('✓');
    expect(first).toHaveAttribute('aria-checked', 'false');
    expect(first.closest('label')).not.toHaveClass('card-option-checked');
  });

  it('sends the user to set a trading password first when there is none', async () => {
    const user = { ...sampleUser, hasTradingPassword: false };
    logIn(user);
    serve({}, user);
    renderApp('/withdraw');

    expect(
      await screen.findByText('Withdrawals are confirmed with your trading password. Please set one first.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set trading password' })).toHaveAttribute('href', '/payPwd');
    expect(screen.queryByLabelText('Amount')).not.toBeInTheDocument();
  });

  it('sends the user to bind a card first when there is none', async () => {
    logIn();
    serve({ 'GET /api/wallet/cards': () => ok([]) });
    renderApp('/withdraw');

    expect(
      await screen.findByText('To withdraw money, first bind a bank account in your own name.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bind a bank card' })).toHaveAttribute('href', '/ucenter/bank');
  });
});
