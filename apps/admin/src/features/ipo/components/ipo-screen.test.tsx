import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminIpoIssue, AdminIpoResult, IpoIssueBody, IpoIssuePatch } from '@bourse/shared/schemas/ipo';
import { fail, ok, stubApi, type RecordedRequest, type StubResponse } from '../../../test/api-stub.ts';
import { ADMIN, TOKEN, configRoute, money, pageOf, renderApp, waitForTexts } from '../../../test/render-app.tsx';

// Demand: 500,000 lots applied for a public pool of 4,000,000 / 100 = 40,000 lots, 12.5 times over;
// 500,000 lots × 100 shares × 27.35 = 1,367,500,000.00 held.
const VNA: AdminIpoIssue = {
  id: 3,
  code: 'VNA',
  name: 'Vonovia SE',
  applicationCode: '780123',
  sector: 'real_estate',
  board: 'main',
  status: 'open',
  issuePrice: '27.35',
  issueQuantity: 10_000_000,
  publicQuantity: 4_000_000,
  publicLots: 40_000,
  totalShares: 822_000_000,
  lotSize: 100,
  maxLotsPerInvestor: 50,
  maxAmount: '136750.00',
  pe: '18.20',
  industryPe: '22.00',
  subscribeStart: '2026-11-24T08:00:00.000Z',
  subscribeEnd: '2026-11-27T14:00:00.000Z',
  allocationAt: '2026-11-30T08:00:00.000Z',
  listingAt: '2026-12-03T08:00:00.000Z',
  applicants: 1250,
  appliedLots: 500_000,
  seedHash: 'a3f1c2',
  algorithm: 'bourse-draw-v1',
  seed: null,
  drawnAt: null,
  oversubscription: '12.50',
  heldTotal: '1367500000.00',
  cancelledReason: null,
};

const SAP: AdminIpoIssue = {
  ...VNA,
  id: 4,
  code: 'SAPX',
  name: 'SAP Cloud AG',
  applicationCode: '780456',
  status: 'listed',
  applicants: 0,
  appliedLots: 0,
  oversubscription: null,
  heldTotal: '0.00',
};

const NEXT: AdminIpoIssue = { ...VNA, id: 5, code: 'NXT', name: 'Next AG', status: 'upcoming', applicants: 0 };

// Closed: 12 lots applied for a public pool of 4 lots, 2,400.00 held; the draw is due.
const CLOSED: AdminIpoIssue = {
  ...VNA,
  id: 6,
  code: 'CLSD',
  name: 'Closed Window AG',
  applicationCode: '780789',
  status: 'closed',
  issuePrice: '2.00',
  publicQuantity: 400,
  publicLots: 4,
  applicants: 3,
  appliedLots: 12,
  oversubscription: '3.00',
  heldTotal: '2400.00',
};

const RESULT: AdminIpoResult = {
  id: 91,
  issueId: 4,
  code: 'SAPX',
  name: 'SAP Cloud AG',
  status: 'allotted',
  lots: 10,
  quantity: 1000,
  issuePrice: '27.35',
  amountHeld: '27350.00',
  lotsAllotted: 1,
  amountCaptured: '2735.00',
  amountReleased: '24615.00',
  subscribedAt: '2026-11-25T09:00:00.000Z',
  allocatedAt: '2026-11-30T08:00:00.000Z',
  positionId: null,
  userId: 7,
  phone: '+4915123456789',
};

/** A server holding issues that lists, creates, edits and cancels them like the real one. */
function stubIpoServer(options: { lockTerms?: boolean; allocateRefusals?: number } = {}) {
  const issues = new Map([VNA, SAP, NEXT, CLOSED].map((issue) => [issue.id, issue]));
  let allocateRefusals = options.allocateRefusals ?? 0;
  const routes: Record<string, (request: RecordedRequest) => StubResponse> = {
    ...configRoute,
    'GET /api/admin/me': () => ok(ADMIN),
    'GET /api/admin/invitations': () => ok(pageOf([])),
    'GET /api/admin/ipo': ({ query }) => {
      const status = query.get('status');
      return ok(pageOf([...issues.values()].filter((issue) => !status || issue.status === status)));
    },
    'POST /api/admin/ipo': ({ body }) => {
      const created: AdminIpoIssue = { ...NEXT, ...(body as IpoIssueBody), id: 9, status: 'upcoming' };
      issues.set(created.id, created);
      return ok(created);
    },
    'GET /api/admin/ipo/4/results': () => ok(pageOf([RESULT])),
    'GET /api/admin/ipo/3/results': () => ok(pageOf([])),
  };
  for (const id of issues.keys()) {
    routes[`PUT /api/admin/ipo/${id}`] = ({ body }) => {
      const current = issues.get(id);
      if (!current) return fail(404, 'IPO_NOT_FOUND', 'No such issue');
      if (options.lockTerms && 'issuePrice' in (body as object)) {
        return fail(409, 'IPO_TERMS_LOCKED', 'The terms of this issue can no longer change (from the server)');
      }
      const updated = { ...current, ...(body as IpoIssuePatch) };
      issues.set(id, updated);
      return ok(updated);
    };
    routes[`POST /api/admin/ipo/${id}/cancel`] = ({ body }) => {
      const current = issues.get(id);
      if (!current) return fail(404, 'IPO_NOT_FOUND', 'No such issue');
      const cancelled = {
        ...current,
        status: 'cancelled' as const,
        cancelledReason: (body as { reason: string }).reason,
      };
      issues.set(id, cancelled);
      return ok(cancelled);
    };
    routes[`POST /api/admin/ipo/${id}/allocate`] = () => {
      const current = issues.get(id);
      if (!current) return fail(404, 'IPO_NOT_FOUND', 'No such issue');
      if (allocateRefusals > 0) {
        allocateRefusals -= 1;
        return fail(
          409,
          'IPO_NOT_CLOSED',
          'The subscription window of this issue has not closed yet (from the server)',
        );
      }
      const allocated = { ...current, status: 'allocated' as const };
      issues.set(id, allocated);
      return ok(allocated);
    };
  }
  return stubApi(routes);
}

function rowOf(code: string): HTMLElement {
  const row = screen.getAllByText(code, { selector: 'code' })[0]?.closest('tr');
  if (!row) throw new Error(`no table row for ${code}`);
  return row;
}

async function dialogTitled(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const dialog = screen.getAllByRole('dialog').find((element) => element.textContent?.startsWith(title));
    if (!dialog) throw new Error(`no dialog titled ${title}`);
    return dialog;
  });
}

/**
 * Waits until `container` shows every message (a repeated one as often as it is listed). antd
 * replaces a field's message element as its validation settles, so they are checked together.
 */
async function expectMessages(container: HTMLElement, messages: string[]) {
  await waitFor(() => {
    for (const message of new Set(messages)) {
      expect(within(container).getAllByText(message)).toHaveLength(messages.filter((m) => m === message).length);
    }
  });
}

/** A date-and-time field set as the browser's picker sets it: the operator's wall clock. */
function setDateTime(field: HTMLElement, value: string) {
  fireEvent.change(field, { target: { value } });
}

describe('new-share issues', () => {
  it('lists issues with their demand, offers only what each status allows, and filters by status', async () => {
    const api = stubIpoServer();
    const { user } = await renderApp({ token: TOKEN, path: '/ipo' });

    expect(await screen.findByRole('heading', { level: 1, name: 'New shares' })).toBeInTheDocument();
    await screen.findByText('VNA', { selector: 'code' });
    const vna = rowOf('VNA');
    expect(vna).toHaveTextContent('Vonovia SE');
    expect(vna).toHaveTextContent('780123');
    expect(vna).toHaveTextContent('Open for subscription');
    expect(vna).toHaveTextContent('27.35');
    expect(vna).toHaveTextContent('1250');
    expect(vna).toHaveTextContent('500000 of 40000');
    expect(vna).toHaveTextContent('12.50 ×');
    // The deployment currency arrives with the configuration.
    expect(await within(vna).findByText(money('1367500000.00'))).toBeInTheDocument();
    expect(within(vna).getByRole('button', { name: 'Edit: VNA' })).toBeInTheDocument();
    expect(within(vna).getByRole('button', { name: 'Cancel issue: VNA' })).toBeInTheDocument();
    expect(within(vna).queryByRole('link', { name: 'Results: VNA' })).not.toBeInTheDocument();
    expect(within(vna).queryByRole('button', { name: 'Allocate now: VNA' })).not.toBeInTheDocument();
    // Closed: the draw can run now, and the issue can still be cancelled.
    const closed = rowOf('CLSD');
    expect(within(closed).getByRole('button', { name: 'Allocate now: CLSD' })).toBeInTheDocument();
    expect(within(closed).getByRole('button', { name: 'Cancel issue: CLSD' })).toBeInTheDocument();
    expect(within(closed).queryByRole('button', { name: 'Edit: CLSD' })).not.toBeInTheDocument();
    // Listed: drawn and trading, nothing to edit or cancel; the results are there.
    const listed = rowOf('SAPX');
    expect(listed).toHaveTextContent('—');
    expect(within(listed).queryByRole('button', { name: 'Edit: SAPX' })).not.toBeInTheDocument();
    expect(within(listed).queryByRole('button', { name: 'Cancel issue: SAPX' })).not.toBeInTheDocument();
    expect(within(listed).queryByRole('button', { name: 'Allocate now: SAPX' })).not.toBeInTheDocument();
    expect(within(listed).getByRole('link', { name: 'Results: SAPX' })).toHaveAttribute('href', '#/ipo/4/results');

    await user.click(screen.getByRole('radio', { name: 'Cancelled' }));
    expect(await screen.findByText('No issues with this status')).toBeInTheDocument();
    expect(api.calls('GET', '/api/admin/ipo').at(-1)?.query.get('status')).toBe('cancelled');
    await user.click(screen.getByRole('radio', { name: 'All' }));
    await screen.findByText('VNA', { selector: 'code' });
    expect(api.calls('GET', '/api/admin/ipo').at(-1)?.query.has('status')).toBe(false);
  });

  it('checks the new-issue form as the server would, then sends whole numbers, decimal strings and UTC times', async () => {
    const api = stubIpoServer();
    const { user } = await renderApp({ token: TOKEN, path: '/ipo' });
    await screen.findByText('VNA', { selector: 'code' });

    await user.click(screen.getByRole('button', { name: 'New issue' }));
    const drawer = await dialogTitled('New share issue');
    const field = (label: string) => within(drawer).getByLabelText(label);
    const submit = () => user.click(within(drawer).getByRole('button', { name: 'Create issue' }));
    await submit();
    // Code, name, application code, sector, price, five whole numbers and four times.
    await waitFor(() => expect(within(drawer).getAllByText('Enter a value')).toHaveLength(14));

    await user.type(field('Instrument code'), 'vna 2');
    await user.type(field('Name'), 'Vonovia SE');
    await user.type(field('Application code'), '780123');
    await user.type(field('Sector'), 'real_estate');
    await user.type(field('Issue price'), '0');
    await user.type(field('Shares issued'), '10000000');
    await user.type(field('Shares offered to the public'), '20000000');
    await user.type(field('Total shares after the issue'), '822000000');
    await user.type(field('Lot size (shares)'), '1.5');
    await user.type(field('Maximum lots per investor'), '2000000');
    await user.type(field('P/E ratio'), '-3');
    setDateTime(field('Subscription opens'), '2026-12-01T09:00');
    setDateTime(field('Subscription closes'), '2026-12-01T09:00');
    setDateTime(field('Allocation published'), '2026-11-30T09:00');
    setDateTime(field('Listing'), '2026-12-08T09:00');
    await submit();
    await expectMessages(drawer, [
      'Use 1–12 characters: A–Z, 0–9, “.” or “-”, starting with a letter or digit',
      'Enter a price above 0 with at most 4 decimals, such as 12.50',
      'Cannot be more than the shares issued',
      // Lot size 1.5 and 2,000,000 lots per investor.
      'Enter a whole number from 1 to 1,000,000',
      'Enter a whole number from 1 to 1,000,000',
      'Enter a number from 0 with at most 2 decimals, such as 23.45',
      'Must be after the subscription opens',
      'Must not be before the subscription closes',
    ]);
    expect(api.calls('POST', '/api/admin/ipo')).toHaveLength(0);

    await user.clear(field('Instrument code'));
    await user.type(field('Instrument code'), 'vna2');
    await user.clear(field('Issue price'));
    await user.type(field('Issue price'), '27.35');
    await user.clear(field('Shares offered to the public'));
    await user.type(field('Shares offered to the public'), '4000000');
    await user.clear(field('Lot size (shares)'));
    await user.type(field('Lot size (shares)'), '100');
    await user.clear(field('Maximum lots per investor'));
    await user.type(field('Maximum lots per investor'), '50');
    await user.clear(field('P/E ratio'));
    await user.type(field('P/E ratio'), '18.2');
    setDateTime(field('Subscription closes'), '2026-12-04T15:00');
    setDateTime(field('Allocation published'), '2026-12-07T09:00');
    await user.click(within(drawer).getByRole('radio', { name: 'Growth board' }));
    await submit();

    expect(await screen.findByText('Issue VNA2 created')).toBeInTheDocument();
    // The operator's wall clock, whatever zone this runs in, sent as the UTC instant it means.
    expect(api.calls('POST', '/api/admin/ipo').map((call) => call.body)).toEqual([
      {
        code: 'VNA2',
        name: 'Vonovia SE',
        applicationCode: '780123',
        sector: 'real_estate',
        board: 'growth',
        issuePrice: '27.35',
        issueQuantity: 10_000_000,
        publicQuantity: 4_000_000,
        totalShares: 822_000_000,
        lotSize: 100,
        maxLotsPerInvestor: 50,
        pe: '18.2',
        industryPe: null,
        subscribeStart: new Date(2026, 11, 1, 9, 0).toISOString(),
        subscribeEnd: new Date(2026, 11, 4, 15, 0).toISOString(),
        allocationAt: new Date(2026, 11, 7, 9, 0).toISOString(),
        listingAt: new Date(2026, 11, 8, 9, 0).toISOString(),
      },
    ]);
    expect(await screen.findByText('VNA2', { selector: 'code' })).toBeInTheDocument();
  });

  it('writes the largest lot size in the console language’s own digit groups (Portuguese: pt-PT)', async () => {
    stubIpoServer();
    const { user } = await renderApp({ token: TOKEN, path: '/ipo', language: 'pt' });
    await screen.findByText('VNA', { selector: 'code' });

    await user.click(screen.getByRole('button', { name: 'Nova emissão' }));
    const drawer = await dialogTitled('Nova emissão de ações');
    await user.type(within(drawer).getByLabelText('Tamanho do lote (ações)'), '0');
    await user.click(within(drawer).getByRole('button', { name: 'Criar emissão' }));
    // Spaces (no-break ones, which Testing Library reads as spaces), not the bare code's "1.000.000".
    await waitForTexts(drawer, ['Introduza um número inteiro de 1 a 1 000 000']);
  });

  it('keeps an open issue’s terms fixed and sends only what an edit changes', async () => {
    const api = stubIpoServer();
    const { user } = await renderApp({ token: TOKEN, path: '/ipo' });
    await screen.findByText('VNA', { selector: 'code' });

    await user.click(within(rowOf('VNA')).getByRole('button', { name: 'Edit: VNA' }));
    const drawer = await dialogTitled('Edit issue VNA');
    expect(within(drawer).queryByLabelText('Instrument code')).not.toBeInTheDocument();
    expect(await within(drawer).findByText(/This issue is open for subscription/)).toBeInTheDocument();
    for (const term of ['Issue price', 'Shares issued', 'Lot size (shares)', 'Maximum lots per investor']) {
      expect(within(drawer).getByLabelText(term)).toBeDisabled();
    }
    expect(within(drawer).getByLabelText('Subscription opens')).toBeDisabled();
    expect(within(drawer).getByLabelText('Subscription closes')).toBeEnabled();
    expect(within(drawer).getByLabelText('Issue price')).toHaveValue('27.35');

    await user.click(within(drawer).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Nothing has changed')).toBeInTheDocument();

    await user.clear(within(drawer).getByLabelText('Name'));
    await user.type(within(drawer).getByLabelText('Name'), 'Vonovia SE (Reg.)');
    setDateTime(within(drawer).getByLabelText('Listing'), '2026-12-10T09:30');
    await user.click(within(drawer).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Changes to issue VNA saved')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/admin/ipo/3').map((call) => call.body)).toEqual([
      { name: 'Vonovia SE (Reg.)', listingAt: new Date(2026, 11, 10, 9, 30).toISOString() },
    ]);
    expect(await screen.findByText('Vonovia SE (Reg.)')).toBeInTheDocument();
  });

  it('shows the server’s refusal to change running terms in the form, which stays open', async () => {
    const api = stubIpoServer({ lockTerms: true });
    const { user } = await renderApp({ token: TOKEN, path: '/ipo' });
    await screen.findByText('NXT', { selector: 'code' });

    // Upcoming on this screen, but investors may have applied since it was loaded.
    await user.click(within(rowOf('NXT')).getByRole('button', { name: 'Edit: NXT' }));
    const drawer = await dialogTitled('Edit issue NXT');
    expect(within(drawer).getByLabelText('Issue price')).toBeEnabled();
    await user.clear(within(drawer).getByLabelText('Issue price'));
    await user.type(within(drawer).getByLabelText('Issue price'), '29.00');
    await user.click(within(drawer).getByRole('button', { name: 'Save changes' }));

    const refusal = await within(drawer).findByRole('alert');
    expect(refusal).toHaveTextContent('The terms of this issue can no longer change (from the server)');
    expect(refusal).toHaveTextContent('Investors have already applied on these terms, so they can no longer change.');
    expect(api.calls('PUT', '/api/admin/ipo/5').map((call) => call.body)).toEqual([{ issuePrice: '29.00' }]);
    expect(screen.queryByText('Changes to issue NXT saved')).not.toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Save changes' })).toBeInTheDocument();
  });

  it('cancels an issue only with a reason, and lists it as cancelled with the reason', async () => {
    const api = stubIpoServer();
    const { user } = await renderApp({ token: TOKEN, path: '/ipo' });
    await screen.findByText('VNA', { selector: 'code' });

    await user.click(within(rowOf('VNA')).getByRole('button', { name: 'Cancel issue: VNA' }));
    const dialog = await dialogTitled('Cancel issue VNA');
    expect(dialog).toHaveTextContent('every held amount returns to the investors’ available cash');
    expect(within(dialog).getByText(money('1367500000.00'))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel issue' }));
    expect(await within(dialog).findByText('Please give a reason')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason (recorded with the issue and in the audit log)'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel issue' }));
    expect(await within(dialog).findByText('Please give a reason')).toBeInTheDocument();
    expect(api.calls('POST', '/api/admin/ipo/3/cancel')).toHaveLength(0);

    await user.type(
      within(dialog).getByLabelText('Reason (recorded with the issue and in the audit log)'),
      'Prospectus withdrawn ',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel issue' }));
    expect(await screen.findByText('Issue VNA cancelled: every hold is released')).toBeInTheDocument();
    expect(api.calls('POST', '/api/admin/ipo/3/cancel').map((call) => call.body)).toEqual([
      { reason: 'Prospectus withdrawn' },
    ]);
    await waitFor(() => expect(rowOf('VNA')).toHaveTextContent('Cancelled'));
    expect(rowOf('VNA')).toHaveTextContent('Prospectus withdrawn');
    expect(within(rowOf('VNA')).queryByRole('button', { name: 'Cancel issue: VNA' })).not.toBeInTheDocument();
  });
});

describe('allocate now', () => {
  it('asks first, shows the server’s refusal in the dialog, then draws and lists the issue as allocated', async () => {
    const api = stubIpoServer({ allocateRefusals: 1 });
    const { user } = await renderApp({ token: TOKEN, path: '/ipo' });
    await screen.findByText('CLSD', { selector: 'code' });

    await user.click(within(rowOf('CLSD')).getByRole('button', { name: 'Allocate now: CLSD' }));
    const dialog = await dialogTitled('Allocate issue CLSD now');
    expect(dialog).toHaveTextContent('The draw runs now instead of at its scheduled time');
    expect(dialog).toHaveTextContent('Closed Window AG');
    expect(dialog).toHaveTextContent('12 of 4');
    expect(within(dialog).getByText(money('2400.00'))).toBeInTheDocument();
    // Cancelling sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('POST', '/api/admin/ipo/6/allocate')).toHaveLength(0);

    await user.click(within(rowOf('CLSD')).getByRole('button', { name: 'Allocate now: CLSD' }));
    const again = await dialogTitled('Allocate issue CLSD now');
    await user.click(within(again).getByRole('button', { name: 'Allocate now' }));
    expect(
      await screen.findByText('The subscription window of this issue has not closed yet (from the server)'),
    ).toBeInTheDocument();
    expect(rowOf('CLSD')).toHaveTextContent('Closed');

    await user.click(within(again).getByRole('button', { name: 'Allocate now' }));
    expect(await screen.findByText('Issue CLSD allocated: the results and the seed are published')).toBeInTheDocument();
    expect(api.calls('POST', '/api/admin/ipo/6/allocate')).toHaveLength(2);
    await waitFor(() =>
      expect(within(rowOf('CLSD')).queryByRole('button', { name: 'Allocate now: CLSD' })).not.toBeInTheDocument(),
    );
    expect(within(rowOf('CLSD')).getByRole('link', { name: 'Results: CLSD' })).toBeInTheDocument();
  });
});

describe('draw results', () => {
  it('lists each subscription with the investor, lots applied and allotted, and the money captured and released', async () => {
    const api = stubIpoServer();
    const { user } = await renderApp({ token: TOKEN, path: '/ipo' });
    await user.click(await screen.findByRole('link', { name: 'Results: SAPX' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Draw results: SAPX SAP Cloud AG' }),
    ).toBeInTheDocument();
    const link = screen.getByRole('link', { name: '+4915123456789' });
    expect(link).toHaveAttribute('href', '#/users/7');
    const row = link.closest('tr');
    if (!row) throw new Error('no result row');
    // 1 of 10 lots allotted: 1 × 100 × 27.35 = 2,735.00 paid, 27,350.00 − 2,735.00 = 24,615.00 back.
    // What was released is the second line under what was captured (the table fits 1280 px).
    const cells = [...row.querySelectorAll('td')].map(
      (cell) =>
        [...cell.querySelectorAll('.table-stack__line')].map((line) => line.textContent).join(' / ') ||
        cell.textContent,
    );
    expect(cells.slice(0, 7)).toEqual([
      '91',
      '+4915123456789',
      'Allotted',
      '10',
      '1',
      money('27350.00'),
      `${money('2735.00')} / ${money('24615.00')}`,
    ]);
    expect(api.calls('GET', '/api/admin/ipo/4/results')[0]?.query.get('page')).toBe('1');
  });

  it('says when an issue has no subscriptions', async () => {
    stubIpoServer();
    await renderApp({ token: TOKEN, path: '/ipo/3/results' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Draw results of issue 3' })).toBeInTheDocument();
    expect(await screen.findByText('No subscriptions to this issue')).toBeInTheDocument();
  });
});
