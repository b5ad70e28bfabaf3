import type { IpoIssueBody } from '@bourse/shared/schemas/ipo';
import type { AppContext } from '../platform/context.ts';
import { appendAudit } from '../platform/audit.ts';
import { allocateIssue, closeIssue, createIssue, listIssue, openIssue } from '../domains/ipo/ipo.service.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The demo's new issues, relative to the clock so the calendar is populated whenever the demo
 * starts: one upcoming (its window opens in two days), one open (opened an hour ago, closing in
 * three days) and one recently listed (its window closed a week ago, listed yesterday), each created
 * as an operator creates one (audited). The open one is opened as its job opens it (seed drawn, hash
 * published); the listed one goes the whole way its jobs take it — opened, closed, drawn (its seed
 * published), listed — so its shares trade from the issue price.
 */
export async function seedIpoIssues(ctx: AppContext, operator: { id: number; username: string }): Promise<void> {
  const nowMs = ctx.clock.nowMs();
  const at = (offsetMs: number) => new Date(nowMs + offsetMs).toISOString();
  const issues: IpoIssueBody[] = [
    {
      code: 'NVLT',
      name: 'Novalith Robotik AG',
      applicationCode: '780001',
      sector: 'technology',
      board: 'growth',
      issuePrice: '18.40',
      issueQuantity: 5_000_000,
      publicQuantity: 2_000_000,
      totalShares: 40_000_000,
      lotSize: 100,
      maxLotsPerInvestor: 20,
      pe: '21.30',
      industryPe: '27.85',
      subscribeStart: at(2 * DAY),
      subscribeEnd: at(5 * DAY),
      allocationAt: at(6 * DAY),
      listingAt: at(9 * DAY),
    },
    {
      code: 'SOLR',
      name: 'Solaris Speicher AG',
      applicationCode: '780002',
      sector: 'energy',
      board: 'main',
      issuePrice: '9.75',
      issueQuantity: 12_000_000,
      publicQuantity: 4_800_000,
      totalShares: 96_000_000,
      lotSize: 100,
      maxLotsPerInvestor: 30,
      pe: '16.40',
      industryPe: '19.10',
      subscribeStart: at(-HOUR),
      subscribeEnd: at(3 * DAY),
      allocationAt: at(4 * DAY),
      listingAt: at(7 * DAY),
    },
    {
      code: 'AURA',
      name: 'Aurora Mobility AG',
      applicationCode: '780003',
      sector: 'industrials',
      board: 'main',
      issuePrice: '24.60',
      issueQuantity: 8_000_000,
      publicQuantity: 3_200_000,
      totalShares: 64_000_000,
      lotSize: 100,
      maxLotsPerInvestor: 20,
      pe: '19.80',
      industryPe: '23.40',
      subscribeStart: at(-10 * DAY),
      subscribeEnd: at(-7 * DAY),
      allocationAt: at(-6 * DAY),
      listingAt: at(-DAY),
    },
  ];
  const listed: number[] = [];
  await ctx.database.transaction(async (trx) => {
    for (const body of issues) {
      const issue = await createIssue(ctx, trx, body, nowMs);
      if (Date.parse(body.subscribeStart) <= nowMs) await openIssue(ctx, trx, issue.id);
      if (Date.parse(body.listingAt) <= nowMs) {
        await closeIssue(ctx, trx, issue.id);
        listed.push(issue.id);
      }
      await appendAudit(trx, {
        operatorId: operator.id,
        operatorUsername: operator.username,
        action: 'ipo.create',
        target: String(issue.id),
        details: { code: issue.code, applicationCode: issue.applicationCode, seed: true },
        ip: null,
        atMs: nowMs,
      });
    }
  });
  for (const id of listed) {
    await allocateIssue(ctx, id);
    await listIssue(ctx, id);
  }
}
