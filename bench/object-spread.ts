// `npm run bench:spread`: what an object literal with properties after a spread allocates, against
// the same object spelled out (docs/performance.md, "Object spreads in the order path").
//
// The shapes are those of one market buy: the order row inserted (a base of 8 fields + 9), the lot
// (a spread of 2 names + 19) and the order as written (2 spreads + 19). Each is built many times after a
// warm-up (so the optimizing compiler has run); the heap's used size is read before and after each
// round of 10, and a round during which a scavenge ran (the size fell) is left out.
// Prints one JSON document: bytes allocated per object for each way of building it.
import { getHeapStatistics } from 'node:v8';

const ROUNDS = 5_000;
const PER_ROUND = 10;

function bytesPerCall(build: (i: number) => unknown): number {
  let sink: unknown;
  for (let i = 0; i < 50_000; i++) sink = build(i);
  let total = 0;
  let calls = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const before = getHeapStatistics().used_heap_size;
    for (let i = 0; i < PER_ROUND; i++) sink = build(i);
    const after = getHeapStatistics().used_heap_size;
    if (after > before) {
      total += after - before;
      calls += PER_ROUND;
    }
  }
  if (sink === Symbol.for('never')) console.log(sink);
  return Math.round(total / calls);
}

const base = (i: number) => ({
  userId: i,
  instrumentId: 2,
  type: 'market',
  timeInForce: 'day',
  limitPriceTicks: i % 2 === 0 ? null : 1_234_500,
  requestKey: `key-${i}`,
  tradingDate: '2026-11-21',
  nowMs: 1_795_000_000_000 + i,
});
const names = { code: 'BNA', name: 'Bench BNA' };

const shapes: Record<string, { spread: (i: number) => unknown; spelled: (i: number) => unknown }> = {
  'order row (8 + 9 fields)': {
    spread: (i) => ({
      ...base(i),
      side: 'buy',
      status: 'filled',
      lots: 2,
      quantity: 200,
      positionId: null,
      holdId: null,
      heldMinor: null,
      fill: null,
      expiresAt: null,
    }),
    spelled: (i) => {
      const b = base(i);
      return {
        userId: b.userId,
        instrumentId: b.instrumentId,
        side: 'buy',
        type: b.type,
        timeInForce: b.timeInForce,
        status: 'filled',
        lots: 2,
        quantity: 200,
        limitPriceTicks: b.limitPriceTicks,
        positionId: null,
        holdId: null,
        heldMinor: null,
        fill: null,
        requestKey: b.requestKey,
        tradingDate: b.tradingDate,
        expiresAt: null,
        nowMs: b.nowMs,
      };
    },
  },
  'lot (a spread of 2 names + 19 fields)': {
    spread: (i) => ({
      ...names,
      id: i,
      userId: 7,
      instrumentId: 2,
      buyOrderId: i,
      status: 'open',
      quantity: 200,
      originalQuantity: 200,
      reservedQuantity: 0,
      buyPriceTicks: 1_234_500,
      buyValueMinor: 24_690,
      buyCommissionMinor: 500,
      buyTransactionFeeMinor: 12,
      capitalMinor: 25_202,
      remainingCapitalMinor: 25_202,
      realizedPnlMinor: 0,
      trades: 1,
      buyTime: 1_795_000_000_000 + i,
      buyDate: '2026-11-21',
      closedAt: null,
    }),
    spelled: (i) => ({
      code: names.code,
      name: names.name,
      id: i,
      userId: 7,
      instrumentId: 2,
      buyOrderId: i,
      status: 'open',
      quantity: 200,
      originalQuantity: 200,
      reservedQuantity: 0,
      buyPriceTicks: 1_234_500,
      buyValueMinor: 24_690,
      buyCommissionMinor: 500,
      buyTransactionFeeMinor: 12,
      capitalMinor: 25_202,
      remainingCapitalMinor: 25_202,
      realizedPnlMinor: 0,
      trades: 1,
      buyTime: 1_795_000_000_000 + i,
      buyDate: '2026-11-21',
      closedAt: null,
    }),
  },
  'order as written (2 spreads + 19 fields)': {
    spread: (i) => ({
      ...base(i),
      ...names,
      id: i,
      side: 'buy',
      status: 'filled',
      lots: 2,
      quantity: 200,
      positionId: i,
      holdId: null,
      heldMinor: null,
      fillPriceTicks: 1_234_500,
      grossMinor: 24_690,
      commissionMinor: 500,
      transactionFeeMinor: 12,
      stampDutyMinor: 0,
      totalMinor: 25_202,
      rejectReason: null,
      expiresAt: null,
      createdAt: 1_795_000_000_000 + i,
      filledAt: 1_795_000_000_000 + i,
      closedAt: null,
    }),
    spelled: (i) => {
      const b = base(i);
      return {
        userId: b.userId,
        instrumentId: b.instrumentId,
        type: b.type,
        timeInForce: b.timeInForce,
        limitPriceTicks: b.limitPriceTicks,
        requestKey: b.requestKey,
        tradingDate: b.tradingDate,
        code: names.code,
        name: names.name,
        id: i,
        side: 'buy',
        status: 'filled',
        lots: 2,
        quantity: 200,
        positionId: i,
        holdId: null,
        heldMinor: null,
        fillPriceTicks: 1_234_500,
        grossMinor: 24_690,
        commissionMinor: 500,
        transactionFeeMinor: 12,
        stampDutyMinor: 0,
        totalMinor: 25_202,
        rejectReason: null,
        expiresAt: null,
        createdAt: 1_795_000_000_000 + i,
        filledAt: 1_795_000_000_000 + i,
        closedAt: null,
      };
    },
  },
};

// Reading the statistics allocates too: that is measured alone and taken off.
const overhead = bytesPerCall(() => 0);
const result: Record<string, { spreadThenProperties: number; spelledOut: number }> = {};
for (const [name, shape] of Object.entries(shapes)) {
  result[name] = {
    spreadThenProperties: bytesPerCall(shape.spread) - overhead,
    spelledOut: bytesPerCall(shape.spelled) - overhead,
  };
}
console.log(
  JSON.stringify(
    { benchmark: 'bytes allocated per object', node: process.version, v8: process.versions.v8, result },
    null,
    2,
  ),
);
