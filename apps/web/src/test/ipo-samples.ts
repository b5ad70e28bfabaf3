import type { BlockOffer, BlockOrder } from '@bourse/shared/schemas/blocktrade';
import { sampleStanding } from './member-samples';
import type { IpoIssue, IpoSubscription } from '@bourse/shared/schemas/ipo';
import { ok } from './fetch-mock';

/** Answers of the new-share and block-trade endpoints as the server would give them. */
export function sampleSubscription(overrides: Partial<IpoSubscription> = {}): IpoSubscription {
  return {
    id: 21,
    issueId: 2,
    code: 'BERG',
    name: 'Bergbahn Technik',
    status: 'subscribed',
    lots: 4,
    quantity: 40,
    issuePrice: '25.00',
    amountHeld: '1000.00',
    lotsAllotted: null,
    amountCaptured: null,
    amountReleased: null,
    subscribedAt: '2026-11-25T09:30:00.000Z',
    allocatedAt: null,
    positionId: null,
    ...overrides,
  };
}

export function sampleIssue(overrides: Partial<IpoIssue> = {}): IpoIssue {
  return {
    id: 1,
    code: 'NWND',
    name: 'Nordwind Energie',
    applicationCode: '780123',
    sector: 'Utilities',
    board: 'main',
    status: 'open',
    issuePrice: '12.3456',
    issueQuantity: 10_000_000,
    publicQuantity: 4_000_000,
    publicLots: 40_000,
    totalShares: 40_000_000,
    lotSize: 100,
    maxLotsPerInvestor: 5,
    // 5 lots × 100 shares × 12.3456
    maxAmount: '6172.80',
    pe: '18.50',
    industryPe: '22.10',
    subscribeStart: '2026-11-24T08:00:00.000Z',
    subscribeEnd: '2026-11-27T15:00:00.000Z',
    allocationAt: '2026-11-28T08:00:00.000Z',
    listingAt: '2026-12-02T08:00:00.000Z',
    applicants: 1_204,
    appliedLots: 9_650,
    seedHash: 'a3f1c09e5b7d2e4f6a8c0b1d3e5f7a9c2b4d6e8f0a1c3e5b7d9f1a3c5e7b9d0f',
    algorithm: 'bourse-draw-v1',
    seed: null,
    drawnAt: null,
    mySubscription: null,
    ...overrides,
  };
}

/** Three open issues: one to subscribe in full, one already subscribed, one whose lot the rest of the cash cannot pay. */
export const openIssues: IpoIssue[] = [
  sampleIssue(),
  sampleIssue({
    id: 2,
    code: 'BERG',
    name: 'Bergbahn Technik',
    applicationCode: '780456',
    issuePrice: '25.00',
    lotSize: 10,
    maxLotsPerInvestor: 10,
    maxAmount: '2500.00',
    mySubscription: sampleSubscription(),
  }),
  sampleIssue({
    id: 3,
    code: 'CLRA',
    name: 'Clara Pharma',
    applicationCode: '780789',
    issuePrice: '8.00',
    lotSize: 1000,
    maxLotsPerInvestor: 3,
    maxAmount: '24000.00',
  }),
];

export const sampleOffer: BlockOffer = {
  id: 7,
  code: 'SAP',
  name: 'SAP',
  price: '120.50',
  minQuantity: 100,
  availableQuantity: 5_000,
  totalQuantity: 10_000,
  startsAt: '2026-11-24T08:00:00.000Z',
  endsAt: '2026-11-30T16:00:00.000Z',
  status: 'open',
  createdAt: '2026-11-23T10:00:00.000Z',
};

export function sampleBlockOrder(overrides: Partial<BlockOrder> = {}): BlockOrder {
  return {
    id: 51,
    offerId: 7,
    code: 'SAP',
    name: 'SAP',
    price: '120.50',
    quantity: 200,
    amount: '24100.00',
    status: 'pending',
    reason: null,
    positionId: null,
    createdAt: '2026-11-25T10:00:00.000Z',
    decidedAt: null,
    approvals: 0,
    approvalsRequired: 1,
    ...overrides,
  };
}

/**
 * The reads the personal screens and home make for their new-share and block-trade section (and the
 * personal centre for the member level), answered with nothing open and nothing pending: for tests of
 * other screens that end on those screens.
 */
export function emptyInvestmentRoutes() {
  const empty = () => ok({ items: [], total: 0, page: 1, pageSize: 20 });
  return {
    'GET /api/ipo': empty,
    'GET /api/ipo/subscriptions': empty,
    'GET /api/blocktrade/offers': empty,
    'GET /api/blocktrade/orders': empty,
    // The personal centre's credit points and member level.
    'GET /api/members/standing': () => ok(sampleStanding(1, '0.00', { creditPoints: 0 })),
  };
}
