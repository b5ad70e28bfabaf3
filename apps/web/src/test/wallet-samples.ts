import type { Assets, BankCard, FinanceRecord } from '@bourse/shared/schemas/wallet';

/** Answers of the wallet endpoints as the server would give them. */
export const sampleCards: BankCard[] = [
  {
    id: 3,
    bankName: 'Sparkasse Berlin',
    branch: 'Alexanderplatz',
    holderName: 'Ada Lovelace',
    ibanMasked: 'DE89 •••• 3000',
    createdAt: '2026-11-02T08:15:00.000Z',
  },
  {
    id: 5,
    bankName: 'Deutsche Bank',
    branch: 'Mitte',
    holderName: 'Ada Lovelace',
    ibanMasked: 'DE44 •••• 0100',
    createdAt: '2026-11-05T10:00:00.000Z',
  },
];

export const sampleAssets: Assets = {
  cash: '1500.00',
  frozen: '250.00',
  available: '1250.00',
  withdrawable: '1200.50',
  marketValue: '3000.00',
  floatingPnl: '-42.10',
  fund: '500.00',
  fundPending: '0.00',
  redeemPending: '0.00',
  loanOutstanding: '0.00',
  totalAssets: '5000.00',
  netAssets: '5000.00',
  dayPnl: '25.50',
  dayPnlPercent: '0.51',
  dayPnlSince: '2026-11-20',
  creditPoints: 1250,
  level: 3,
  currency: 'EUR',
};

export const sampleRecords: FinanceRecord[] = [
  {
    id: 'withdrawal-9',
    type: 'withdrawal',
    direction: 'out',
    amount: '200.00',
    fee: '2.50',
    status: 'rejected',
    reason: 'The account name does not match.',
    createdAt: '2026-11-20T09:30:05.000Z',
    completedAt: '2026-11-20T12:00:00.000Z',
  },
  {
    id: 'payment-4',
    type: 'deposit',
    direction: 'in',
    amount: '1000.00',
    fee: '0.00',
    status: 'succeeded',
    reason: null,
    createdAt: '2026-11-18T14:05:00.000Z',
    completedAt: '2026-11-18T14:06:00.000Z',
  },
];
