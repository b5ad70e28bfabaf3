import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { browserLocation } from '../../../lib/browser-location';
import { useSessionStore } from '../../../lib/session-store';
import { failure, mockFetch, ok, type SentRequest } from '../../../test/fetch-mock';
import { renderApp, sampleConfig, sampleUser } from '../../../test/render-app';
import { sampleCards } from '../../../test/wallet-samples';

const DEPOSIT = 'POST /api/wallet/deposits';
const TRANSFER = 'POST /api/wallet/transfers';
const CHECKOUT = '/sandbox/checkout/sbx_0123456789abcdef01234567';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function logIn() {
  useSessionStore.getState().signIn({ token: 'token-1', userInfo: sampleUser });
  // minDeposit 10.00, minTransfer 10.00, currency EUR
  useSessionStore.getState().setConfig(sampleConfig);
}

const pending = (type: 'deposit' | 'transfer', amount: string, checkoutUrl: string | null = CHECKOUT) =>
  ok({ id: 12, type, amount, status: 'pending', checkoutUrl, createdAt: '2026-11-23T09:00:00.000Z' });

const posts = (sent: SentRequest[], route: string) => sent.filter((r) => `${r.method} ${r.url}` === route);

// jsdom cannot load another page; the app leaves through this one object, watched here.
let assign: MockInstance<(url: string) => void>;
beforeEach(() => {
  assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => undefined);
});

describe('quick payment (/fastpayment)', () => {
  it('checks the amount: required, a number, more than 0, at most 2 decimals, at least the minimum', async () => {
    logIn();
    const { sent } = mockFetch({});
    const user = userEvent.setup();
    renderApp('/fastpayment');

    expect(await screen.findByRole('heading', { level: 1, name: 'Quick payment' })).toBeInTheDocument();
    const amount = screen.getByLabelText('Amount');
    expect(amount).toHaveAccessibleDescription('Minimum €10.00');
    const submit = screen.getByRole('button', { name: 'Continue to payment' });

    await user.click(submit);
    expect(await screen.findByText('Please enter the amount')).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    await user.type(amount, '0.00');
    expect(screen.getByText('The amount cannot be 0')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '-5');
    expect(screen.getByText('Enter an amount such as 100.00')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '1e3');
    expect(screen.getByText('Enter an amount such as 100.00')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '12.345');
    expect(screen.getByText('The amount can have at most 2 decimal places')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '9.99');
    expect(screen.getByText('The minimum amount is €10.00')).toBeInTheDocument();
    await user.click(submit);

    expect(posts(sent, DEPOSIT)).toHaveLength(0);
    expect(assign).not.toHaveBeenCalled();
  });

  it('starts the deposit with an Idempotency-Key and sends the browser to the provider’s checkout', async () => {
    logIn();
    const { sent } = mockFetch({ [DEPOSIT]: () => pending('deposit', '25.50') });
    const user = userEvent.setup();
    renderApp('/fastpayment');

    // A decimal comma, as most of the app's languages write it, is read as the decimal point.
    await user.type(await screen.findByLabelText('Amount'), '25,5');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));

    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    const expected = new URL(CHECKOUT, window.location.href).href;
    expect(assign).toHaveBeenCalledWith(expected);
    const [request] = posts(sent, DEPOSIT);
    expect(request!.body).toEqual({ amount: '25.50', method: 'quick' });
    expect(request!.headers['idempotency-key']).toMatch(UUID);
    // A way on in case the browser does not follow.
    expect(screen.getByRole('link', { name: 'Continue to the payment page' })).toHaveAttribute('href', expected);
  });

  it('never follows a checkout address that is neither this site nor HTTPS', async () => {
    logIn();
    mockFetch({ [DEPOSIT]: () => pending('deposit', '20.00', 'javascript:alert(1)') });
    const user = userEvent.setup();
    renderApp('/fastpayment');

    await user.type(await screen.findByLabelText('Amount'), '20');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));

    expect(await screen.findByText('Submission failed, please try again later')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal and stays on the form', async () => {
    logIn();
    mockFetch({
      [DEPOSIT]: () => failure(422, 'AMOUNT_BELOW_MINIMUM', 'The amount is below the minimum of 50.00'),
    });
    const user = userEvent.setup();
    renderApp('/fastpayment');

    await user.type(await screen.findByLabelText('Amount'), '20');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));

    expect(await screen.findByText('The amount is below the minimum of 50.00')).toBeInTheDocument();
    expect(screen.getByLabelText('Amount')).toHaveValue('20');
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('bank in (/bankIn/:type?)', () => {
  it('offers both ways in, and each opens its form', async () => {
    logIn();
    mockFetch({ 'GET /api/wallet/cards': () => ok(sampleCards) });
    const user = userEvent.setup();
    renderApp('/bankIn');

    expect(await screen.findByRole('heading', { level: 1, name: 'Deposit' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Quick payment/ })).toHaveAttribute('href', '/bankIn/quick');
    const transfer = screen.getByRole('link', { name: /Bank-securities transfer/ });
    expect(transfer).toHaveAttribute('href', '/bankIn/transfer');

    await user.click(transfer);
    expect(await screen.findByRole('heading', { level: 1, name: 'Bank-securities transfer' })).toBeInTheDocument();
    expect(await screen.findByRole('radio', { name: /Sparkasse Berlin/ })).toBeInTheDocument();
  });

  it('opens the quick-payment form for /bankIn/quick', async () => {
    logIn();
    mockFetch({});
    renderApp('/bankIn/quick');
    expect(await screen.findByRole('heading', { level: 1, name: 'Quick payment' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue to payment' })).toBeInTheDocument();
  });
});

describe('bank-securities transfer (/ucenter/transfer)', () => {
  it('needs a card and at least the minimum, then sends the browser to the bank’s page', async () => {
    logIn();
    const { sent } = mockFetch({
      'GET /api/wallet/cards': () => ok(sampleCards),
      [TRANSFER]: () => pending('transfer', '300.00'),
    });
    const user = userEvent.setup();
    renderApp('/ucenter/transfer');

    const submit = await screen.findByRole('button', { name: 'Continue to your bank' });
    await user.type(screen.getByLabelText('Amount'), '5');
    await user.click(submit);
    expect(await screen.findByText('Please select a bank card')).toBeInTheDocument();
    expect(screen.getByText('The minimum amount is €10.00')).toBeInTheDocument();
    expect(posts(sent, TRANSFER)).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: /Deutsche Bank/ }));
    await user.clear(screen.getByLabelText('Amount'));
    await user.type(screen.getByLabelText('Amount'), '300');
    await user.click(submit);

    await waitFor(() => expect(assign).toHaveBeenCalledWith(new URL(CHECKOUT, window.location.href).href));
    const [request] = posts(sent, TRANSFER);
    expect(request!.body).toEqual({ cardId: 5, amount: '300.00' });
    expect(request!.headers['idempotency-key']).toMatch(UUID);
  });

  it('asks for a bank card first when none is bound', async () => {
    logIn();
    mockFetch({ 'GET /api/wallet/cards': () => ok([]) });
    renderApp('/ucenter/transfer');
    expect(
      await screen.findByText('To transfer money in, first bind a bank account in your own name.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bind a bank card' })).toHaveAttribute('href', '/ucenter/bank');
  });
});
