import { en } from '@bourse/shared/i18n/en';
import { parsePrice } from '@bourse/shared/price';
import type { Board } from '@bourse/shared/schemas/market';
import {
  ipoIssueBody,
  type AdminIpoIssue,
  type IpoIssueBody,
  type IpoIssuePatch,
  type IpoStatus,
} from '@bourse/shared/schemas/ipo';
import { isoToLocalInput, localInputToIso } from '../../lib/local-date-time.ts';

/** An issue is on the main or the growth board; an index is no company and has no issue. */
export const ISSUE_BOARDS = ['main', 'growth'] as const satisfies readonly Board[];
export type IssueBoard = (typeof ISSUE_BOARDS)[number];

/** Sectors the investor app translates (`market.sectors`); any other sector is shown as typed. */
export type KnownSector = keyof typeof en.market.sectors;
export const KNOWN_SECTORS = Object.keys(en.market.sectors) as KnownSector[];

/** The server's limits (`ipoIssueBody`), checked here first for a clear message. */
export const NAME_LENGTH_MAX = 80;
export const APPLICATION_CODE_LENGTH_MAX = 16;
export const SECTOR_LENGTH_MAX = 40;

/** The whole-number fields and their largest value. */
export const WHOLE_NUMBER_MAX = {
  issueQuantity: 1e12,
  publicQuantity: 1e12,
  totalShares: 1e13,
  lotSize: 1_000_000,
  maxLotsPerInvestor: 1_000_000,
} as const;
export type WholeNumberField = keyof typeof WHOLE_NUMBER_MAX;

export const TIME_FIELDS = ['subscribeStart', 'subscribeEnd', 'allocationAt', 'listingAt'] as const;
export type TimeField = (typeof TIME_FIELDS)[number];

/** Text fields stay text until submitted; times are the operator's wall clock (`YYYY-MM-DDTHH:mm`). */
export interface IssueFormValues {
  code?: string;
  name?: string;
  applicationCode?: string;
  sector?: string;
  board: IssueBoard;
  issuePrice?: string;
  issueQuantity?: string;
  publicQuantity?: string;
  totalShares?: string;
  lotSize?: string;
  maxLotsPerInvestor?: string;
  pe?: string;
  industryPe?: string;
  subscribeStart?: string;
  subscribeEnd?: string;
  allocationAt?: string;
  listingAt?: string;
}

type EditableField = Exclude<keyof IssueFormValues, 'code'>;

/**
 * The terms investors apply on. Once an issue is open they cannot change (the server answers
 * IPO_TERMS_LOCKED); before it opens everything can.
 */
export const TERM_FIELDS = [
  'issuePrice',
  'issueQuantity',
  'publicQuantity',
  'lotSize',
  'maxLotsPerInvestor',
  'subscribeStart',
] as const satisfies readonly EditableField[];

/** Whether an issue in this status can be edited at all, and cancelled (only before its allocation). */
export const isEditable = (status: IpoStatus) => status === 'upcoming' || status === 'open';
export const isCancellable = (status: IpoStatus) => status === 'upcoming' || status === 'open' || status === 'closed';
/** The window has closed and the draw has not run: it can be run now ("allocate now"). */
export const isAllocatable = (status: IpoStatus) => status === 'closed';
/** The draw has decided: results exist. */
export const hasResults = (status: IpoStatus) => status === 'allocated' || status === 'listed';

/** Whether a field can change for an issue in this status. */
export function canChange(status: IpoStatus, field: EditableField): boolean {
  if (status === 'upcoming') return true;
  return status === 'open' && !(TERM_FIELDS as readonly string[]).includes(field);
}

/** A whole number from 1 to `max`, digits only (no "1e6", no "1.0"). */
export function isWholeNumber(text: string, max: number): boolean {
  return /^[1-9]\d{0,13}$/.test(text) && Number(text) <= max;
}

/** An issue price above zero with at most 4 decimals, as the schema takes it. */
export function isIssuePrice(text: string): boolean {
  return ipoIssueBody.shape.issuePrice.safeParse(text).success && (parsePrice(text) ?? 0) > 0;
}

/** A P/E ratio as the schema takes it: up to 6 digits and 2 decimals. */
export const isIssueRatio = (text: string) => ipoIssueBody.shape.pe.safeParse(text).success;

export const isInstrumentCode = (text: string) => ipoIssueBody.shape.code.safeParse(text).success;

const trimmed = (text: string | undefined) => text?.trim() ?? '';
const ratioOf = (text: string | undefined) => (trimmed(text) === '' ? null : trimmed(text));
const timeOf = (text: string | undefined) => localInputToIso(trimmed(text)) ?? '';

/** The form's values as the API's body (the form's rules have checked them). */
export function bodyOf(values: IssueFormValues): IpoIssueBody {
  return {
    code: trimmed(values.code),
    name: trimmed(values.name),
    applicationCode: trimmed(values.applicationCode),
    sector: trimmed(values.sector),
    board: values.board,
    issuePrice: trimmed(values.issuePrice),
    issueQuantity: Number(trimmed(values.issueQuantity)),
    publicQuantity: Number(trimmed(values.publicQuantity)),
    totalShares: Number(trimmed(values.totalShares)),
    lotSize: Number(trimmed(values.lotSize)),
    maxLotsPerInvestor: Number(trimmed(values.maxLotsPerInvestor)),
    pe: ratioOf(values.pe),
    industryPe: ratioOf(values.industryPe),
    subscribeStart: timeOf(values.subscribeStart),
    subscribeEnd: timeOf(values.subscribeEnd),
    allocationAt: timeOf(values.allocationAt),
    listingAt: timeOf(values.listingAt),
  };
}

/** A stored issue as the form's values. */
export function valuesOf(issue: AdminIpoIssue): IssueFormValues {
  return {
    code: issue.code,
    name: issue.name,
    applicationCode: issue.applicationCode,
    sector: issue.sector,
    // An issue is never on the index board; should one be, the form offers the main board.
    board: issue.board === 'growth' ? 'growth' : 'main',
    issuePrice: issue.issuePrice,
    issueQuantity: String(issue.issueQuantity),
    publicQuantity: String(issue.publicQuantity),
    totalShares: String(issue.totalShares),
    lotSize: String(issue.lotSize),
    maxLotsPerInvestor: String(issue.maxLotsPerInvestor),
    pe: issue.pe ?? '',
    industryPe: issue.industryPe ?? '',
    subscribeStart: isoToLocalInput(issue.subscribeStart),
    subscribeEnd: isoToLocalInput(issue.subscribeEnd),
    allocationAt: isoToLocalInput(issue.allocationAt),
    listingAt: isoToLocalInput(issue.listingAt),
  };
}

/**
 * Only the fields that differ from the stored issue and may change in its status, so the audit line
 * names exactly the changes. Values are compared as the form shows them (times to the minute).
 */
export function patchOf(issue: AdminIpoIssue, values: IssueFormValues): IpoIssuePatch {
  const before = valuesOf(issue);
  const body = bodyOf(values);
  const patch: Record<string, unknown> = {};
  for (const field of Object.keys(body) as Array<keyof IpoIssueBody>) {
    if (field === 'code' || !canChange(issue.status, field)) continue;
    const typed = field === 'board' ? values.board : trimmed(values[field]);
    if (typed !== before[field]) patch[field] = body[field];
  }
  return patch;
}
