import type { Order } from '@bourse/shared/schemas/trading';
import { ok } from '../../platform/envelope.ts';
import type { StoredAnswer } from '../../platform/money-command.ts';

/**
 * The answer of `POST /api/trade/orders` as stored and sent. It is the one answer built outside a
 * route file, because it is stored on the order writer thread inside the order's transaction (a
 * route's closure cannot cross to the thread). toOrderWire builds exactly the wire type
 * (order-writer.test.ts holds the stored answer to the response schema), so the answer is
 * serialized as it is, without parsing it again.
 */
export function orderAnswer(change: { order: Order }): StoredAnswer {
  return { statusCode: 200, body: JSON.stringify(ok(change.order)) };
}
