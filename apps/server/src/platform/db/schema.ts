import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table types, camelCase (the CamelCasePlugin maps to snake_case columns). Times are epoch
 * milliseconds in UTC (BIGINT); booleans are integers 0/1 so both dialects agree.
 */
type Id = Generated<number>;
type Ms = number;

export interface UsersTable {
  id: Id;
  phone: string;
  passwordHash: string;
  nickname: string;
  avatar: string | null;
  email: string | null;
  lang: string;
  kycStatus: Generated<string>;
  level: Generated<number>;
  creditPoints: Generated<number>;
  tradingPasswordHash: string | null;
  status: Generated<string>;
  inviteCode: string;
  /** `red-up` or `green-up`; null until the investor chooses. */
  colorConvention: string | null;
  createdAt: Ms;
  updatedAt: Ms;
  /** When the investor put the getting-started checklist away; null while it is shown. */
  onboardingDismissedAt: Generated<Ms | null>;
}

export interface SessionsTable {
  id: Id;
  userId: number;
  tokenHash: string;
  createdAt: Ms;
  expiresAt: Ms;
  lastSeenAt: Ms;
  revokedAt: Ms | null;
  revokeReason: string | null;
  ip: string | null;
  userAgent: string | null;
}

export interface InvitationsTable {
  id: Id;
  code: string;
  note: string | null;
  maxUses: number | null;
  uses: Generated<number>;
  status: Generated<string>;
  createdAt: Ms;
  createdBy: number | null;
  disabledAt: Ms | null;
}

export interface PasswordResetsTable {
  id: Id;
  userId: number;
  codeHash: string;
  createdAt: Ms;
  expiresAt: Ms;
  attempts: Generated<number>;
  consumedAt: Ms | null;
}

export interface ThrottlesTable {
  key: string;
  failures: number;
  windowStartedAt: Ms;
  lockedUntil: Ms | null;
}

export interface UsedNoncesTable {
  nonce: string;
  expiresAt: Ms;
}

export interface OutboxTable {
  id: Id;
  channel: string;
  recipient: string;
  userId: number | null;
  /** The message's key (a catalog key such as `notify.ipoAllotted`). */
  template: string;
  /** Its parameters as JSON, to render it again in another language; null for older rows. */
  params: string | null;
  /** Rendered in the recipient's language when it was sent. */
  body: string;
  createdAt: Ms;
}

export interface OperatorsTable {
  id: Id;
  username: string;
  passwordHash: string;
  totpSecret: string;
  roles: string;
  status: Generated<string>;
  lastTotpStep: number | null;
  createdAt: Ms;
}

export interface OperatorSessionsTable {
  id: Id;
  operatorId: number;
  tokenHash: string;
  createdAt: Ms;
  expiresAt: Ms;
  revokedAt: Ms | null;
  ip: string | null;
}

export interface AuditLogTable {
  id: Id;
  at: Ms;
  operatorId: number | null;
  operatorUsername: string | null;
  action: string;
  target: string | null;
  details: string | null;
  ip: string | null;
}

export interface SettingsTable {
  key: string;
  value: string;
  updatedAt: Ms;
  updatedBy: number | null;
}

export interface LedgerAccountsTable {
  id: Id;
  code: string;
  userId: number | null;
  kind: string;
  currency: string;
  balanceMinor: Generated<number>;
  createdAt: Ms;
}

export interface JournalEntriesTable {
  id: Id;
  idempotencyKey: string;
  kind: string;
  referenceType: string | null;
  referenceId: string | null;
  memo: string | null;
  createdAt: Ms;
}

export interface PostingsTable {
  id: Id;
  entryId: number;
  accountId: number;
  amountMinor: number;
}

export interface HoldsTable {
  id: Id;
  userId: number;
  currency: string;
  amountMinor: number;
  capturedMinor: Generated<number>;
  status: Generated<string>;
  reason: string;
  referenceId: string | null;
  createdAt: Ms;
  closedAt: Ms | null;
}

export interface IdempotencyKeysTable {
  userId: number;
  key: string;
  requestHash: string;
  statusCode: number | null;
  responseBody: string | null;
  createdAt: Ms;
}

export interface BankCardsTable {
  id: Id;
  userId: number;
  bankName: string;
  branch: string;
  holderName: string;
  iban: string;
  status: Generated<string>;
  createdAt: Ms;
  removedAt: Ms | null;
}

export interface PaymentsTable {
  id: Id;
  userId: number;
  type: string;
  cardId: number | null;
  amountMinor: number;
  currency: string;
  status: Generated<string>;
  providerRef: string | null;
  requestKey: string;
  failureReason: string | null;
  createdAt: Ms;
  completedAt: Ms | null;
}

export interface PaymentEventsTable {
  eventId: string;
  paymentId: number | null;
  type: string;
  receivedAt: Ms;
}

export interface SandboxPaymentsTable {
  providerRef: string;
  merchantReference: string;
  amountMinor: number;
  currency: string;
  description: string;
  status: Generated<string>;
  createdAt: Ms;
  decidedAt: Ms | null;
  /** The checkout page's language, as the merchant asked (null: the provider's default). */
  locale: Generated<string | null>;
  /** Where the checkout page's way back leads (null: the merchant's home). */
  returnUrl: Generated<string | null>;
}

export interface WithdrawalsTable {
  id: Id;
  userId: number;
  cardId: number;
  amountMinor: number;
  feeMinor: number;
  currency: string;
  holdId: number;
  status: Generated<string>;
  reason: string | null;
  requestKey: string;
  createdAt: Ms;
  decidedAt: Ms | null;
  decidedBy: number | null;
  approvedBy: number | null;
  approvedAt: Ms | null;
  /** Operators who must act on it (1, or 2 above the four-eyes threshold), fixed when requested. */
  approvalsRequired: Generated<number>;
}

/** A block-trade offer an operator listed (DESIGN §4): price in ticks, quantities in shares. */
export interface BlockOffersTable {
  id: Id;
  instrumentId: number;
  priceTicks: number;
  minQuantity: number;
  totalQuantity: number;
  availableQuantity: number;
  startsAt: Ms;
  endsAt: Ms;
  status: Generated<string>;
  createdBy: number;
  createdAt: Ms;
  updatedAt: Ms;
}

/** An investor's order on a block offer: its cash held until an operator approves or rejects it. */
export interface BlockOrdersTable {
  id: Id;
  offerId: number;
  userId: number;
  quantity: number;
  priceTicks: number;
  amountMinor: number;
  holdId: number;
  status: Generated<string>;
  reason: string | null;
  positionId: number | null;
  /** Operators who must approve it (1, or 2 at or above the four-eyes threshold), fixed when ordered. */
  approvalsRequired: Generated<number>;
  approvedBy: number | null;
  approvedAt: Ms | null;
  decidedBy: number | null;
  requestKey: string;
  createdAt: Ms;
  decidedAt: Ms | null;
}

/** An investor's loan: the application, the decision, and once passed what is owed (issue 14). */
export interface LoansTable {
  id: Id;
  userId: number;
  amountMinor: number;
  termDays: number;
  purpose: string;
  status: Generated<string>;
  reason: string | null;
  /** Operators who must pass it (1, or 2 at or above the four-eyes threshold), fixed when applied for. */
  approvalsRequired: Generated<number>;
  approvedBy: number | null;
  approvedAt: Ms | null;
  decidedBy: number | null;
  decidedAt: Ms | null;
  /** The annual rate in force when it was passed, in ppm. */
  ratePpm: number | null;
  passedDate: string | null;
  dueDate: string | null;
  principalOutstandingMinor: Generated<number>;
  interestOutstandingMinor: Generated<number>;
  interestAccruedMinor: Generated<number>;
  repaidMinor: Generated<number>;
  /** The accrual's carried fraction of a cent (a bigint numerator as text). */
  carry: Generated<string>;
  accruedThrough: string | null;
  nextAccrualAt: Ms | null;
  remindAt: Ms | null;
  remindedAt: Ms | null;
  repaidAt: Ms | null;
  /** 1 when repaid on or before the due date, 0 after it; null until repaid. */
  repaidOnTime: number | null;
  requestKey: string;
  createdAt: Ms;
  updatedAt: Ms;
}

/** One calendar day of a loan's interest (unique per loan and day). */
export interface LoanInterestDaysTable {
  id: Id;
  loanId: number;
  day: string;
  principalMinor: number;
  ratePpm: number;
  interestMinor: number;
  carryAfter: string;
  createdAt: Ms;
}

/** One repayment of a loan, split interest first. */
export interface LoanRepaymentsTable {
  id: Id;
  loanId: number;
  userId: number;
  amountMinor: number;
  interestMinor: number;
  principalMinor: number;
  requestKey: string;
  createdAt: Ms;
}

/** A credit-point rule: what one kind of event awards (positive) or deducts (negative). */
export interface CreditPointRulesTable {
  code: string;
  points: number;
  active: Generated<number>;
  updatedAt: Ms;
  updatedBy: number | null;
}

/** One change of an investor's credit points; once per (user, rule, reference). */
export interface CreditPointEventsTable {
  id: Id;
  userId: number;
  ruleCode: string;
  /** The change applied: the rule's points, or less for a deduction that would go below zero. */
  points: number;
  balanceAfter: number;
  /** The once-key: `once` for once-per-investor rules, else the business row (`loan:12:repaid`). */
  reference: string;
  /** The business row that caused it (`payment:7`, `kyc:3`), for the record. */
  source: string | null;
  createdAt: Ms;
}

/** A member level and the total assets (minor units) it needs. */
export interface MemberLevelTiersTable {
  level: number;
  minTotalAssetsMinor: number;
  updatedAt: Ms;
  updatedBy: number | null;
}

/** One change of an investor's member level. */
export interface MemberLevelChangesTable {
  id: Id;
  userId: number;
  fromLevel: number;
  toLevel: number;
  totalAssetsMinor: number;
  reason: string;
  businessDate: string;
  createdAt: Ms;
}

/** A business date whose end-of-day level review has completed. */
export interface MemberLevelRunsTable {
  businessDate: string;
  usersChecked: number;
  levelsChanged: number;
  completedAt: Ms;
}

/** An investor's portfolio figures at the end of a business date (migration 0022), minor units. */
export interface PortfolioSnapshotsTable {
  userId: number;
  businessDate: string;
  totalAssetsMinor: number;
  cashMinor: number;
  frozenMinor: number;
  marketValueMinor: number;
  fundMinor: number;
  loanMinor: number;
  takenAt: Ms;
  createdAt: Ms;
}

/** A business date whose portfolio snapshots are stored (migration 0022). */
export interface PortfolioSnapshotRunsTable {
  businessDate: string;
  usersSnapshotted: number;
  completedAt: Ms;
}

/** An RSS/Atom feed the news import reads, with its last run (migration 0019). */
export interface NewsFeedsTable {
  id: Id;
  url: string;
  category: string;
  lang: string;
  enabled: number;
  lastRunAt: Ms | null;
  lastImported: number | null;
  lastError: string | null;
  createdAt: Ms;
  updatedAt: Ms;
}

/** A news article: written in the console, or imported from a feed item (feed, GUID, link). */
export interface NewsArticlesTable {
  id: Id;
  category: string;
  status: string;
  fallbackLang: string;
  feedId: number | null;
  guid: string | null;
  link: string | null;
  publishedAt: Ms | null;
  createdAt: Ms;
  updatedAt: Ms;
  createdBy: number | null;
}

/** One language of an article: the body as written and its sanitized HTML. */
export interface NewsTranslationsTable {
  articleId: number;
  lang: string;
  title: string;
  summary: string;
  bodyFormat: string;
  bodySource: string;
  bodyHtml: string;
}

/** An instrument an article links, in the editor's order. */
export interface NewsArticleInstrumentsTable {
  articleId: number;
  instrumentId: number;
  position: number;
}

export interface SettingsChangesTable {
  id: Id;
  /** JSON `{ "<setting>": { "from": "…", "to": "…" } }`. */
  changes: string;
  status: Generated<string>;
  proposedBy: number;
  proposedAt: Ms;
  decidedBy: number | null;
  decidedAt: Ms | null;
  reason: string | null;
}

export interface KycSubmissionsTable {
  id: Id;
  userId: number;
  realName: string;
  idNumber: string;
  docType: string;
  frontFile: string;
  backFile: string;
  status: Generated<string>;
  reason: string | null;
  submittedAt: Ms;
  decidedAt: Ms | null;
  decidedBy: number | null;
}

export interface InstrumentsTable {
  id: Id;
  code: string;
  name: string;
  /** JSON object of names by language. */
  names: Generated<string>;
  pinyin: string | null;
  sector: string;
  board: Generated<string>;
  lotSize: number;
  currency: string;
  peX100: number | null;
  industryPeX100: number | null;
  sharesOutstanding: Generated<number>;
  status: Generated<string>;
  tradingEnabled: Generated<number>;
  startPriceTicks: number;
  driftBp: Generated<number>;
  volatilityBp: Generated<number>;
  simSeed: Generated<number>;
  source: Generated<string>;
  /** The exchange's code (`exchanges.code`). */
  exchange: Generated<string>;
  createdAt: Ms;
  updatedAt: Ms;
}

/** An exchange and its trading sessions (migration 0023). */
export interface ExchangesTable {
  code: string;
  name: string;
  /** JSON object of names by language. */
  names: Generated<string>;
  timeZone: string;
  /** Sessions `HH:MM-HH:MM`, comma-separated, local to `timeZone`. */
  hours: string;
  position: number;
}

/** A bar: start time (epoch ms), prices in ten-thousandths, volume in shares. */
export interface BarsTable {
  instrumentId: number;
  t: Ms;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

export interface FavoritesTable {
  userId: number;
  instrumentId: number;
  position: number;
  createdAt: Ms;
}

export interface MarketImportsTable {
  id: Id;
  instrumentId: number;
  operatorId: number | null;
  fileName: string;
  fileSha256: string;
  interval: string;
  rowsTotal: number;
  rowsWritten: number;
  firstT: Ms;
  lastT: Ms;
  createdAt: Ms;
}

/** A position lot: one buy fill, sold in one or more parts. Prices in ticks, amounts in minor units. */
export interface PositionsTable {
  id: Id;
  userId: number;
  instrumentId: number;
  /** The buy order whose fill opened the lot; null for a lot acquired otherwise (a block trade). */
  buyOrderId: number | null;
  status: Generated<string>;
  quantity: number;
  originalQuantity: number;
  reservedQuantity: Generated<number>;
  buyPriceTicks: number;
  buyValueMinor: number;
  buyCommissionMinor: number;
  buyTransactionFeeMinor: number;
  capitalMinor: number;
  remainingCapitalMinor: number;
  realizedPnlMinor: Generated<number>;
  trades: Generated<number>;
  buyTime: Ms;
  buyDate: string;
  closedAt: Ms | null;
}

export interface OrdersTable {
  id: Id;
  userId: number;
  instrumentId: number;
  side: string;
  type: string;
  timeInForce: string;
  status: string;
  lots: number | null;
  quantity: number;
  limitPriceTicks: number | null;
  positionId: number | null;
  holdId: number | null;
  heldMinor: number | null;
  fillPriceTicks: number | null;
  grossMinor: number | null;
  commissionMinor: number | null;
  transactionFeeMinor: number | null;
  stampDutyMinor: number | null;
  totalMinor: number | null;
  rejectReason: string | null;
  requestKey: string;
  tradingDate: string;
  expiresAt: Ms | null;
  createdAt: Ms;
  filledAt: Ms | null;
  closedAt: Ms | null;
}

/** One sale out of a lot (a sell fill). */
export interface PositionSalesTable {
  id: Id;
  positionId: number;
  orderId: number;
  userId: number;
  quantity: number;
  priceTicks: number;
  sellType: string;
  grossMinor: number;
  commissionMinor: number;
  transactionFeeMinor: number;
  stampDutyMinor: number;
  proceedsMinor: number;
  capitalMinor: number;
  realizedPnlMinor: number;
  soldAt: Ms;
  tradeDate: string;
  settleDate: string;
}

/** A new issue (IPO): its terms, window, state and draw seed; code, name, sector in its instrument. */
export interface IpoIssuesTable {
  id: Id;
  instrumentId: number;
  applicationCode: string;
  issuePriceTicks: number;
  issueQuantity: number;
  publicQuantity: number;
  totalShares: number;
  lotSize: number;
  maxLotsPerInvestor: number;
  peX100: number | null;
  industryPeX100: number | null;
  subscribeStart: Ms;
  subscribeEnd: Ms;
  allocationAt: Ms;
  listingAt: Ms;
  status: Generated<string>;
  /** The draw's secret seed (hex), from opening; published only after the draw. */
  seed: string | null;
  seedHash: string | null;
  drawnAt: Ms | null;
  /** Set before the first subscription is settled: the draw is under way (and resumed if interrupted). */
  allocationStartedAt: Ms | null;
  cancelledReason: string | null;
  createdAt: Ms;
  updatedAt: Ms;
}

/** One investor's application for one issue: the cash held, and after the draw its outcome. */
export interface IpoSubscriptionsTable {
  id: Id;
  issueId: number;
  userId: number;
  lots: number;
  amountHeldMinor: number;
  holdId: number;
  status: Generated<string>;
  lotsAllotted: number | null;
  amountCapturedMinor: number | null;
  amountReleasedMinor: number | null;
  positionId: number | null;
  createdAt: Ms;
  allocatedAt: Ms | null;
}

/** Balance product (0014): rate versions; an operator's change takes effect from a date, never before it was set. */
export interface FundRatesTable {
  id: Id;
  ratePpm: number;
  /** `YYYY-MM-DD` in the market's zone: the rate is in force from this day on. */
  effectiveDate: string;
  createdBy: number | null;
  createdAt: Ms;
}

/** A purchase (cash → fund_pending → fund) or redemption (fund → redeem_pending → cash), confirmed on T+1. */
export interface FundOrdersTable {
  id: Id;
  userId: number;
  kind: string;
  amountMinor: number;
  tradeDate: string;
  confirmDate: string;
  /** The start of `confirmDate` in the market's zone: when the confirmation job takes it. */
  dueAt: Ms;
  status: Generated<string>;
  requestKey: string;
  createdAt: Ms;
  confirmedAt: Ms | null;
}

/** One investor's earnings of one calendar day (unique per investor and day). */
export interface FundAccrualsTable {
  id: Id;
  userId: number;
  accrualDate: string;
  balanceMinor: number;
  ratePpm: number;
  interestMinor: number;
  /** The fraction of a cent carried to the next day (bigint numerator, as text). */
  carryAfter: string;
  createdAt: Ms;
}

/** Per investor: the carry the next day's accrual starts from. */
export interface FundPositionsTable {
  id: Id;
  userId: number;
  carry: string;
  updatedAt: Ms;
}

/** The days the accrual job has finished. */
export interface FundAccrualDaysTable {
  accrualDate: string;
  ratePpm: number;
  investors: number;
  interestMinor: number;
  doneAt: Ms;
}

/**
 * Exchange holidays (0014; per exchange since 0029): seeded from MARKET_HOLIDAYS for the default
 * exchange, edited by operators. The key is (exchange, holidayDate).
 */
export interface MarketHolidaysTable {
  /** The exchange's code (`exchanges.code`). */
  exchange: string;
  holidayDate: string;
  name: string;
  source: string;
  createdBy: number | null;
  createdAt: Ms;
}

/** An operator's announcement (migration 0017): texts per language and audience as JSON. */
export interface AnnouncementsTable {
  id: Id;
  texts: string;
  audience: string;
  recipients: number;
  createdBy: number;
  createdAt: Ms;
}

/** One message of one investor: a notification (template + params) or an announcement's copy. */
export interface MessagesTable {
  id: Id;
  userId: number;
  kind: string;
  template: string | null;
  params: string | null;
  announcementId: number | null;
  createdAt: Ms;
  readAt: Ms | null;
}

/** Requests to close an account (0020): pending until completed, rejected or withdrawn. */
export interface ClosureRequestsTable {
  id: Id;
  userId: number;
  status: Generated<string>;
  reason: string | null;
  rejectReason: string | null;
  createdAt: Ms;
  decidedAt: Ms | null;
  decidedBy: number | null;
}

/** Customer-service conversations (0018): at most one open per investor. */
export interface SupportConversationsTable {
  id: Id;
  userId: number;
  status: string;
  assignedOperatorId: number | null;
  /** Operator messages the investor has not read. */
  unreadInvestor: ColumnType<number, number | undefined, number>;
  /** Investor messages no operator has read. */
  unreadOperator: ColumnType<number, number | undefined, number>;
  createdAt: Ms;
  lastMessageAt: Ms;
  closedAt: Ms | null;
  closedBy: number | null;
}

/** Chat lines (0018): text and/or one image. */
export interface SupportMessagesTable {
  id: Id;
  conversationId: number;
  author: string;
  operatorId: number | null;
  text: string | null;
  attachmentId: number | null;
  createdAt: Ms;
}

/** Re-encoded chat images (0018) under UPLOAD_DIR/support, owned by the conversation's investor. */
export interface SupportAttachmentsTable {
  id: Id;
  userId: number;
  file: string;
  width: number;
  height: number;
  uploadedByOperator: number | null;
  createdAt: Ms;
}

/** Canned replies (0018): `translations` is JSON `{ [lang]: { title, text } }`. */
export interface SupportCannedRepliesTable {
  id: Id;
  translations: string;
  createdAt: Ms;
  updatedAt: Ms;
  updatedBy: number | null;
}

/** A lease on work that must run on one instance at a time (migration 0028). */
export interface JobLeasesTable {
  name: string;
  holder: string;
  fencingToken: number;
  expiresAt: Ms;
}

/** One run of a scheduled job for one due time, by the lease holder that did it. */
export interface JobRunsTable {
  id: Id;
  job: string;
  dueAt: Ms;
  holder: string;
  fencingToken: number;
  ranAt: Ms;
}

export interface Database {
  jobLeases: JobLeasesTable;
  jobRuns: JobRunsTable;
  ipoIssues: IpoIssuesTable;
  ipoSubscriptions: IpoSubscriptionsTable;
  positions: PositionsTable;
  orders: OrdersTable;
  positionSales: PositionSalesTable;
  instruments: InstrumentsTable;
  exchanges: ExchangesTable;
  minuteBars: BarsTable;
  dailyBars: BarsTable;
  favorites: FavoritesTable;
  marketImports: MarketImportsTable;
  kycSubmissions: KycSubmissionsTable;
  idempotencyKeys: IdempotencyKeysTable;
  bankCards: BankCardsTable;
  payments: PaymentsTable;
  paymentEvents: PaymentEventsTable;
  sandboxPayments: SandboxPaymentsTable;
  withdrawals: WithdrawalsTable;
  blockOffers: BlockOffersTable;
  blockOrders: BlockOrdersTable;
  loans: LoansTable;
  loanInterestDays: LoanInterestDaysTable;
  loanRepayments: LoanRepaymentsTable;
  ledgerAccounts: LedgerAccountsTable;
  journalEntries: JournalEntriesTable;
  postings: PostingsTable;
  holds: HoldsTable;
  users: UsersTable;
  sessions: SessionsTable;
  invitations: InvitationsTable;
  passwordResets: PasswordResetsTable;
  throttles: ThrottlesTable;
  usedNonces: UsedNoncesTable;
  outbox: OutboxTable;
  operators: OperatorsTable;
  operatorSessions: OperatorSessionsTable;
  auditLog: AuditLogTable;
  settings: SettingsTable;
  settingsChanges: SettingsChangesTable;
  creditPointRules: CreditPointRulesTable;
  creditPointEvents: CreditPointEventsTable;
  memberLevelTiers: MemberLevelTiersTable;
  memberLevelChanges: MemberLevelChangesTable;
  memberLevelRuns: MemberLevelRunsTable;
  portfolioSnapshots: PortfolioSnapshotsTable;
  portfolioSnapshotRuns: PortfolioSnapshotRunsTable;
  fundRates: FundRatesTable;
  fundOrders: FundOrdersTable;
  fundAccruals: FundAccrualsTable;
  fundPositions: FundPositionsTable;
  fundAccrualDays: FundAccrualDaysTable;
  marketHolidays: MarketHolidaysTable;
  announcements: AnnouncementsTable;
  messages: MessagesTable;
  newsFeeds: NewsFeedsTable;
  newsArticles: NewsArticlesTable;
  newsTranslations: NewsTranslationsTable;
  newsArticleInstruments: NewsArticleInstrumentsTable;
  closureRequests: ClosureRequestsTable;
  supportConversations: SupportConversationsTable;
  supportMessages: SupportMessagesTable;
  supportAttachments: SupportAttachmentsTable;
  supportCannedReplies: SupportCannedRepliesTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Operator = Selectable<OperatorsTable>;
export type Instrument = Selectable<InstrumentsTable>;
export type Exchange = Selectable<ExchangesTable>;
export type Bar = Selectable<BarsTable>;
export type Invitation = Selectable<InvitationsTable>;
export type { ColumnType };
