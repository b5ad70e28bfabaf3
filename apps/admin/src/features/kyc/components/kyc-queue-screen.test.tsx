import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OperatorInfo } from '@bourse/shared/schemas/admin';
import type { KycSubmission } from '@bourse/shared/schemas/kyc';
import { fail, file, ok, stubApi, type RecordedRequest } from '../../../test/api-stub.ts';
import { ADMIN, COMPLIANCE, TOKEN, pageOf, renderApp } from '../../../test/render-app.tsx';

const LIST = 'GET /api/admin/kyc';

function submission(overrides: Partial<KycSubmission> = {}): KycSubmission {
  return {
    id: 11,
    userId: 7,
    phone: '+4915123456789',
    realName: 'Ada Lovelace',
    idNumber: 'L01X00T47',
    docType: 'id_card',
    status: 'in_review',
    reason: null,
    submittedAt: '2026-11-23T09:00:00.000Z',
    decidedAt: null,
    decidedBy: null,
    ...overrides,
  };
}

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70]);

/** A server holding `submissions` that decides them like the real one. */
function stubKycServer(initial: KycSubmission[], operator: OperatorInfo = COMPLIANCE) {
  let submissions = [...initial];
  const decide = (userId: number, change: Partial<KycSubmission>) => {
    const current = submissions.find((s) => s.userId === userId);
    if (!current || current.status !== 'in_review') return fail(409, 'KYC_NOT_IN_REVIEW', 'No longer in review');
    const decided = { ...current, ...change, decidedAt: '2026-11-23T10:00:00.000Z', decidedBy: operator.username };
    submissions = submissions.map((s) => (s.id === current.id ? decided : s));
    return ok(decided);
  };
  return stubApi({
    'GET /api/admin/me': () => ok(operator),
    'GET /api/admin/invitations': () => ok(pageOf([])),
    [LIST]: ({ query }: RecordedRequest) => {
      const status = query.get('status') ?? 'in_review';
      return ok(pageOf(submissions.filter((s) => s.status === status)));
    },
    'GET /api/admin/kyc/7/images/front': () => file(JPEG, 'image/jpeg'),
    'GET /api/admin/kyc/7/images/back': () => file(JPEG, 'image/jpeg'),
    'POST /api/admin/kyc/7/approve': () => decide(7, { status: 'approved' }),
    'POST /api/admin/kyc/7/resubmit': ({ body }) =>
      decide(7, { status: 'resubmit', reason: (body as { reason: string }).reason }),
  });
}

const QUESTION = 'Approve the identity of Ada Lovelace? The investor will then be verified.';

/** The open confirmation dialog (the review drawer is a dialog too). */
function confirmation(): Promise<HTMLElement> {
  return waitFor(() => {
    const dialog = screen.getAllByRole('dialog').find((element) => element.textContent?.includes(QUESTION));
    if (!dialog) throw new Error('no confirmation dialog');
    return dialog;
  });
}

function rowOf(name: string): HTMLElement {
  const row = screen.getByText(name, { selector: 'td' }).closest('tr');
  if (!row) throw new Error(`no table row for ${name}`);
  return row;
}

async function menuEntries() {
  const navigation = await screen.findByRole('navigation');
  return within(navigation)
    .queryAllByRole('menuitem')
    .map((item) => item.textContent);
}

// jsdom has no object URLs; these stand in for the browser's and record what is revoked.
let created: string[];
let revoked: string[];
beforeEach(() => {
  created = [];
  revoked = [];
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    writable: true,
    value: () => {
      const url = `blob:kyc-${created.length + 1}`;
      created.push(url);
      return url;
    },
  });
  Object.defineProperty(URL, 'revokeObjectURL', {
    configurable: true,
    writable: true,
    value: (url: string) => revoked.push(url),
  });
});

describe('identity verification queue', () => {
  it('is offered to compliance only: an administrator sees no entry and is refused at the address', async () => {
    const api = stubKycServer([submission()], ADMIN);
    await renderApp({ token: TOKEN, path: '/kyc' });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'You are not allowed to do this' }),
    ).toBeInTheDocument();
    expect(await menuEntries()).not.toContain('Identity verification');
    expect(api.calls('GET', '/api/admin/kyc')).toHaveLength(0);
  });

  it('lists the submissions in review with the details in full', async () => {
    const api = stubKycServer([
      submission(),
      submission({ id: 12, userId: 8, realName: 'Alan Turing', docType: 'passport' }),
    ]);
    await renderApp({ token: TOKEN });

    // Compliance lands on its queue.
    expect(await screen.findByRole('heading', { level: 1, name: 'Identity verification' })).toBeInTheDocument();
    expect(await menuEntries()).toEqual([
      'Identity verification',
      'Users',
      'Orders & fills',
      'Points & levels',
      'Account closures',
    ]);
    await screen.findByText('Ada Lovelace', { selector: 'td' });
    const row = rowOf('Ada Lovelace');
    expect(within(row).getByText('+4915123456789')).toBeInTheDocument();
    expect(within(row).getByText('L01X00T47')).toBeInTheDocument();
    expect(within(row).getByText('Identity card')).toBeInTheDocument();
    expect(within(row).getByText('In review')).toBeInTheDocument();
    expect(within(rowOf('Alan Turing')).getByText('Passport')).toBeInTheDocument();

    const [list] = api.calls('GET', '/api/admin/kyc');
    expect(list?.query.get('status')).toBe('in_review');
    expect(list?.query.get('page')).toBe('1');
    expect(list?.headers.get('token')).toBe(TOKEN);
  });

  it('shows both images, fetched with the token, and releases them when the review closes', async () => {
    const api = stubKycServer([submission()]);
    const { user } = await renderApp({ token: TOKEN, path: '/kyc' });

    await user.click(await screen.findByRole('button', { name: 'Review: Ada Lovelace' }));

    const front = await screen.findByRole('img', { name: 'Front of the identity document of Ada Lovelace' });
    const back = await screen.findByRole('img', { name: 'Back of the identity document of Ada Lovelace' });
    expect(front.getAttribute('src')).toMatch(/^blob:kyc-/);
    expect(back.getAttribute('src')).toMatch(/^blob:kyc-/);
    for (const side of ['front', 'back']) {
      const [call] = api.calls('GET', `/api/admin/kyc/7/images/${side}`);
      expect(call?.headers.get('token')).toBe(TOKEN);
    }
    expect(screen.getByText('Identity document of Ada Lovelace')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(revoked.length).toBeGreaterThanOrEqual(2));
    // Every URL made for an image was revoked again.
    await waitFor(() => expect([...revoked].sort()).toEqual([...created].sort()));
  });

  it('approves only after confirmation, then refreshes the queue', async () => {
    const api = stubKycServer([submission()]);
    const { user } = await renderApp({ token: TOKEN, path: '/kyc' });
    await user.click(await screen.findByRole('button', { name: 'Review: Ada Lovelace' }));

    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    await user.click(within(await confirmation()).getByRole('button', { name: 'Cancel' }));
    expect(api.calls('POST', '/api/admin/kyc/7/approve')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await user.click(within(await confirmation()).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('Identity of Ada Lovelace approved')).toBeInTheDocument();
    const [approve] = api.calls('POST', '/api/admin/kyc/7/approve');
    expect(approve?.headers.get('token')).toBe(TOKEN);
    expect(approve?.body).toBeUndefined();
    expect(await screen.findByText('No submissions with this status')).toBeInTheDocument();
  });

  it('asks to resubmit only with a reason, which it sends trimmed', async () => {
    const api = stubKycServer([submission()]);
    const { user } = await renderApp({ token: TOKEN, path: '/kyc' });
    await user.click(await screen.findByRole('button', { name: 'Review: Ada Lovelace' }));

    await user.click(await screen.findByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Please give a reason')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Reason (shown to the investor)'), '   ');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(api.calls('POST', '/api/admin/kyc/7/resubmit')).toHaveLength(0);

    await user.type(screen.getByLabelText('Reason (shown to the investor)'), 'The back image is blurred. ');
    await user.click(screen.getByRole('button', { name: 'Send request' }));

    expect(await screen.findByText('Ada Lovelace has been asked to resubmit')).toBeInTheDocument();
    expect(api.calls('POST', '/api/admin/kyc/7/resubmit')[0]?.body).toEqual({ reason: 'The back image is blurred.' });
  });

  it('shows decided submissions with who decided and why, without decisions to take', async () => {
    const api = stubKycServer([
      submission({
        status: 'resubmit',
        reason: 'Blurred back image',
        decidedAt: '2026-11-23T10:00:00.000Z',
        decidedBy: 'erin',
      }),
    ]);
    const { user } = await renderApp({ token: TOKEN, path: '/kyc' });
    expect(await screen.findByText('No submissions with this status')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Resubmission requested' }));

    await screen.findByText('Ada Lovelace', { selector: 'td' });
    const row = rowOf('Ada Lovelace');
    expect(within(row).getByText('erin')).toBeInTheDocument();
    expect(within(row).getByText('Blurred back image')).toBeInTheDocument();
    expect(api.calls('GET', '/api/admin/kyc').at(-1)?.query.get('status')).toBe('resubmit');

    await user.click(within(row).getByRole('button', { name: 'Review: Ada Lovelace' }));
    await screen.findByText('Identity document of Ada Lovelace');
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send request' })).not.toBeInTheDocument();
  });

  it('shows the server’s refusal when another operator decided first', async () => {
    const api = stubKycServer([submission()]);
    const { user } = await renderApp({ token: TOKEN, path: '/kyc' });
    await user.click(await screen.findByRole('button', { name: 'Review: Ada Lovelace' }));
    // Someone else sends it back in the meantime.
    await fetch('/api/admin/kyc/7/resubmit', { method: 'POST', body: JSON.stringify({ reason: 'x' }) });

    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    await user.click(within(await confirmation()).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('No longer in review')).toBeInTheDocument();
    expect(api.calls('POST', '/api/admin/kyc/7/approve')).toHaveLength(1);
  });
});
