import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuthenticationDetail } from '@bourse/shared/schemas/kyc';
import type { BankCard } from '@bourse/shared/schemas/wallet';
import { useSessionStore } from '../../../lib/session-store';
import { failure, mockFetch, ok, type SentRequest } from '../../../test/fetch-mock';
import { renderApp, sampleConfig, sampleUser } from '../../../test/render-app';
import { sampleCards } from '../../../test/wallet-samples';

const DETAIL = 'GET /api/user/authenticationDetail';
const CARDS = 'GET /api/wallet/cards';
const BIND = 'POST /api/wallet/cards';

const approved: AuthenticationDetail = {
  status: 'approved',
  realName: 'Ada Lovelace',
  idNumberMasked: '*****3456',
  docType: 'passport',
};

function logIn() {
  useSessionStore.getState().signIn({ token: 'token-1', userInfo: sampleUser });
  useSessionStore.getState().setConfig(sampleConfig);
}

const binds = (sent: SentRequest[]) => sent.filter((r) => `${r.method} ${r.url}` === BIND);

describe('binding a bank card (/ucenter/bank)', () => {
  it('requires every field and the confirmation, and checks the IBAN, before sending', async () => {
    logIn();
    const { sent } = mockFetch({ [DETAIL]: () => ok(approved) });
    const user = userEvent.setup();
    renderApp('/ucenter/bank');

    expect(await screen.findByRole('heading', { level: 1, name: 'Bind a bank card' })).toBeInTheDocument();
    // The holder starts as the verified name, which it must match.
    const holder = await screen.findByLabelText('Account holder');
    expect(holder).toHaveValue('Ada Lovelace');
    expect(holder).toHaveAccessibleDescription('Exactly the name of your verified identity');
    await user.clear(holder);

    await user.click(screen.getByRole('button', { name: 'Bind card' }));
    // Each field's error shows as its own validation settles: wait for all four, not the first.
    await waitFor(() => expect(screen.getAllByText('This field is required')).toHaveLength(4));
    for (const label of ['Bank', 'Branch', 'Account holder', 'IBAN']) {
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    }
    expect(screen.getByText('Please confirm that the account is in your own name')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Bank'), 'Sparkasse Berlin');
    await user.type(screen.getByLabelText('Branch'), 'Alexanderplatz');
    await user.type(holder, 'Ada Lovelace');
    // One digit off: the check digits no longer match.
    await user.type(screen.getByLabelText('IBAN'), 'DE89 3704 0044 0532 0130 01');
    expect(screen.getByText('This IBAN is not valid, please check it')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Bind card' }));
    expect(screen.getByText('Please confirm that the account is in your own name')).toBeInTheDocument();
    expect(binds(sent)).toHaveLength(0);
  });

  it('binds the card in the IBAN’s electronic form and lists it', async () => {
    logIn();
    let cards: BankCard[] = [];
    const { sent } = mockFetch({
      [DETAIL]: () => ok(approved),
      [CARDS]: () => ok(cards),
      [BIND]: () => {
        cards = [sampleCards[0]!];
        return ok(sampleCards[0]);
      },
    });
    const user = userEvent.setup();
    renderApp('/ucenter/bank');

    await user.type(await screen.findByLabelText('Bank'), '  Sparkasse Berlin ');
    await user.type(screen.getByLabelText('Branch'), 'Alexanderplatz');
    await user.type(screen.getByLabelText('IBAN'), 'de89 3704 0044 0532 0130 00');
    await user.click(screen.getByRole('checkbox', { name: 'I confirm that this account is held in my own name' }));
    await user.click(screen.getByRole('button', { name: 'Bind card' }));

    expect(await screen.findByText('Bank card bound')).toBeInTheDocument();
    expect(binds(sent)[0]!.body).toEqual({
      bankName: 'Sparkasse Berlin',
      branch: 'Alexanderplatz',
      holderName: 'Ada Lovelace',
      iban: 'DE89370400440532013000',
      agree: true,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'My bank cards' })).toBeInTheDocument();
    expect(await screen.findByText('DE89 •••• 3000')).toBeInTheDocument();
  });

  it('shows the server’s refusal of the holder under that field', async () => {
    logIn();
    mockFetch({
      [DETAIL]: () => ok(approved),
      [BIND]: () =>
        failure(422, 'CARD_HOLDER_MISMATCH', 'The account holder must be you, exactly as in your verified identity'),
    });
    const user = userEvent.setup();
    renderApp('/ucenter/bank');

    await user.type(await screen.findByLabelText('Bank'), 'Sparkasse Berlin');
    await user.type(screen.getByLabelText('Branch'), 'Alexanderplatz');
    await user.clear(screen.getByLabelText('Account holder'));
    await user.type(screen.getByLabelText('Account holder'), 'Charles Babbage');
    await user.type(screen.getByLabelText('IBAN'), 'DE89370400440532013000');
    await user.click(screen.getByRole('checkbox', { name: 'I confirm that this account is held in my own name' }));
    await user.click(screen.getByRole('button', { name: 'Bind card' }));

    await waitFor(() =>
      expect(screen.getByLabelText('Account holder')).toHaveAccessibleDescription(
        /The account holder must be you, exactly as in your verified identity/,
      ),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Bind a bank card' })).toBeInTheDocument();
  });

  it('shows the refusal of an IBAN another investor has bound under the IBAN field', async () => {
    logIn();
    mockFetch({
      [DETAIL]: () => ok(approved),
      [BIND]: () =>
        failure(409, 'IBAN_BOUND_TO_ANOTHER_ACCOUNT', 'This bank account is already bound to another Bourse account'),
    });
    const user = userEvent.setup();
    renderApp('/ucenter/bank');

    await user.type(await screen.findByLabelText('Bank'), 'Sparkasse Berlin');
    await user.type(screen.getByLabelText('Branch'), 'Alexanderplatz');
    await user.type(screen.getByLabelText('IBAN'), 'DE89370400440532013000');
    await user.click(screen.getByRole('checkbox', { name: 'I confirm that this account is held in my own name' }));
    await user.click(screen.getByRole('button', { name: 'Bind card' }));

    await waitFor(() =>
      expect(screen.getByLabelText('IBAN')).toHaveAccessibleDescription(
        /This bank account is already bound to another Bourse account/,
      ),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Bind a bank card' })).toBeInTheDocument();
  });

  it('explains that the identity must be verified first and links to the verification', async () => {
    logIn();
    const { sent } = mockFetch({ [DETAIL]: () => ok({ status: 'none' }) });
    renderApp('/ucenter/bank');

    expect(await screen.findByRole('heading', { level: 2, name: 'Identity verification needed' })).toBeInTheDocument();
    expect(
      screen.getByText('Only accounts in your own name can be bound, so we need to verify your identity first.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Not verified')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Verify your identity' })).toHaveAttribute(
      'href',
      '/realNameAuthentication',
    );
    expect(screen.queryByLabelText('IBAN')).not.toBeInTheDocument();
    expect(binds(sent)).toHaveLength(0);
  });

  it('says so while the verification is in review', async () => {
    logIn();
    mockFetch({ [DETAIL]: () => ok({ status: 'in_review', realName: 'Ada Lovelace' }) });
    renderApp('/ucenter/bank');

    expect(
      await screen.findByText(
        'Your identity verification is being reviewed. You can bind a bank card once it is approved.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View verification status' })).toHaveAttribute(
      'href',
      '/realNameAuthentication',
    );
  });

  it('switches to the explanation when the server says the identity is not verified', async () => {
    logIn();
    let detail: AuthenticationDetail = approved;
    mockFetch({
      [DETAIL]: () => ok(detail),
      [BIND]: () => {
        detail = { status: 'resubmit', reason: 'Blurred' };
        return failure(422, 'KYC_REQUIRED', 'Please verify your identity first');
      },
    });
    const user = userEvent.setup();
    renderApp('/ucenter/bank');

    await user.type(await screen.findByLabelText('Bank'), 'Sparkasse Berlin');
    await user.type(screen.getByLabelText('Branch'), 'Alexanderplatz');
    await user.type(screen.getByLabelText('IBAN'), 'DE89370400440532013000');
    await user.click(screen.getByRole('checkbox', { name: 'I confirm that this account is held in my own name' }));
    await user.click(screen.getByRole('button', { name: 'Bind card' }));

    expect(await screen.findByText('Please verify your identity first')).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Your identity verification needs to be resubmitted. You can bind a bank card once it is approved.',
      ),
    ).toBeInTheDocument();
  });
});

describe('my bank cards (/ucenter/bank-list)', () => {
  it('lists each card with bank, masked IBAN and holder, and unbinds one only after confirmation', async () => {
    logIn();
    let cards = [...sampleCards];
    const { sent } = mockFetch({
      [CARDS]: () => ok(cards),
      'DELETE /api/wallet/cards/3': () => {
        cards = cards.filter((card) => card.id !== 3);
        return ok(null);
      },
    });
    const user = userEvent.setup();
    renderApp('/ucenter/bank-list');

    const first = await screen.findByRole('listitem', { name: 'Sparkasse Berlin' });
    expect(within(first).getByText('DE89 •••• 3000')).toBeInTheDocument();
    expect(within(first).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(first).getByText('Alexanderplatz')).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Deutsche Bank' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bind a bank card' })).toHaveAttribute('href', '/ucenter/bank');

    const unbind = within(first).getByRole('button', { name: 'Unbind Sparkasse Berlin DE89 •••• 3000' });
    await user.click(unbind);
    let dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Unbind Sparkasse Berlin DE89 •••• 3000? You can bind it again later.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent.filter((r) => r.method === 'DELETE')).toHaveLength(0);

    await user.click(unbind);
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Unbind' }));

    expect(await screen.findByText('Bank card unbound')).toBeInTheDocument();
    expect(sent.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual(['/api/wallet/cards/3']);
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Sparkasse Berlin' })).not.toBeInTheDocument());
    expect(screen.getByRole('listitem', { name: 'Deutsche Bank' })).toBeInTheDocument();
  });

  it('keeps the card when the server refuses to unbind it', async () => {
    logIn();
    mockFetch({
      [CARDS]: () => ok(sampleCards),
      'DELETE /api/wallet/cards/5': () =>
        failure(409, 'CARD_HAS_PENDING_WITHDRAWAL', 'A withdrawal to this card is still being processed'),
    });
    const user = userEvent.setup();
    renderApp('/ucenter/bank-list');

    await user.click(await screen.findByRole('button', { name: 'Unbind Deutsche Bank DE44 •••• 0100' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Unbind' }));

    expect(await screen.findByText('A withdrawal to this card is still being processed')).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Deutsche Bank' })).toBeInTheDocument();
  });

  it('says when no card is bound yet', async () => {
    logIn();
    mockFetch({ [CARDS]: () => ok([]) });
    renderApp('/ucenter/bank-list');
    expect(
      await screen.findByText('No bank card bound yet. Bind a card in your own name to deposit and withdraw money.'),
    ).toBeInTheDocument();
    // One way to bind a card: the empty state's button.
    expect(screen.getByRole('link', { name: 'Bind a bank card' })).toHaveAttribute('href', '/ucenter/bank');
    expect(screen.getByRole('link', { name: 'Bind a bank card' })).toHaveClass('empty-state-action');
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
  });
});
