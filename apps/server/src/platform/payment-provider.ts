import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { formatMinor } from '@bourse/shared/money';
import type { Clock } from './clock.ts';
import type { Db } from './db/database.ts';

/** What the provider tells us about a payment, after checking the webhook's signature. */
export interface PaymentEvent {
  id: string;
  type: 'payment.succeeded' | 'payment.failed';
  reference: string;
  merchantReference: string;
  amount: string;
  currency: string;
}

/** What the merchant asks the processor for. */
export interface PaymentRequestInput {
  merchantReference: string;
  amountMinor: number;
  currency: string;
  description: string;
  /** The language of the hosted checkout page (the payer's). */
  locale?: string | undefined;
  /** Where the checkout page sends the payer back to once they decided (a path of the merchant's site). */
  returnUrl?: string | undefined;
}

/**
 * A payment processor: takes a payment request, hosts the payer's approval, and reports the
 * outcome with a signed webhook. A real processor's adapter implements the same interface.
 */
export interface PaymentProvider {
  /** False when no processor is configured: no payment may be started. */
  readonly configured: boolean;
  createPayment(input: PaymentRequestInput): Promise<{ reference: string; checkoutUrl: string }>;
  /** Verifies signature and age of a webhook body; null when it is not authentic or too old. */
  verifyWebhook(rawBody: string, signatureHeader: string | undefined): PaymentEvent | null;
}

/**
 * What a deployment without a payment processor has (production unless one is configured): deposits
 * and transfers in are refused with PAYMENT_PROVIDER_UNAVAILABLE, and no webhook is ever authentic.
 */
export class NoPaymentProvider implements PaymentProvider {
  readonly configured = false;
  createPayment(): Promise<{ reference: string; checkoutUrl: string }> {
    return Promise.reject(new Error('no payment provider is configured'));
  }
  verifyWebhook(): PaymentEvent | null {
    return null;
  }
}

export const SIGNATURE_HEADER = 'bourse-signature';
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, the common webhook signing scheme. */
export function signWebhook(secret: string, rawBody: string, timestampSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${timestampSeconds}.${rawBody}`).digest('hex');
  return `t=${timestampSeconds},v1=${mac}`;
}

/**
 * Checks a webhook signature against every given secret (the current one and, during a rotation,
 * the previous ones): each compared in constant time, all of them every time.
 */
export function verifySignature(
  secrets: readonly string[],
  rawBody: string,
  header: string | undefined,
  nowSeconds: number,
): boolean {
  if (!header) return false;
  const fields = Object.fromEntries(
    header.split(',').map((part) => {
      const [k, ...rest] = part.trim().split('=');
      return [k ?? '', rest.join('=')];
    }),
  );
  const timestamp = Number(fields.t);
  const given = fields.v1 ?? '';
  if (!Number.isSafeInteger(timestamp) || !/^[0-9a-f]{64}$/.test(given)) return false;
  if (Math.abs(nowSeconds - timestamp) > WEBHOOK_TOLERANCE_SECONDS) return false;
  const givenMac = new Uint8Array(Buffer.from(given, 'hex'));
  let matched = false;
  for (const secret of secrets) {
    const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest();
    matched = timingSafeEqual(new Uint8Array(expected), givenMac) || matched;
  }
  return matched;
}

export type WebhookSender = (rawBody: string, signature: string) => Promise<number>;

/**
 * The built-in sandbox processor. It keeps its own book of payments, serves a hosted checkout page
 * where the payer approves or declines, and then delivers a signed webhook after a delay, retrying
 * with back-off while our endpoint does not answer 2xx — like a real processor.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly configured = true;
  private readonly pending = new Set<Promise<void>>();
  private send: WebhookSender | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly options: {
      /** Signs every webhook; verifies too. */
      secret: string;
      /** Verify only: the secrets of a rotation's overlap (`PAYMENT_WEBHOOK_ACCEPTED_SECRETS`). */
      previousSecrets?: readonly string[];
      publicBaseUrl: string;
      deliveryDelayMs: number;
      retryDelaysMs: number[];
    },
  ) {}

  /** Where webhooks go: set by the app once it exists (in-process for the sandbox). */
  connect(send: WebhookSender) {
    this.send = send;
  }

  async createPayment(input: PaymentRequestInput) {
    const reference = `sbx_${randomBytes(12).toString('hex')}`;
    await this.db
      .insertInto('sandboxPayments')
      .values({
        providerRef: reference,
        merchantReference: input.merchantReference,
        amountMinor: input.amountMinor,
        currency: input.currency,
        description: input.description.slice(0, 255),
        locale: input.locale ?? null,
        returnUrl: input.returnUrl?.slice(0, 255) ?? null,
        createdAt: this.clock.nowMs(),
      })
      .execute();
    return { reference, checkoutUrl: `${this.options.publicBaseUrl}/sandbox/checkout/${reference}` };
  }

  verifyWebhook(rawBody: string, signatureHeader: string | undefined): PaymentEvent | null {
    const secrets = [this.options.secret, ...(this.options.previousSecrets ?? [])];
    if (!verifySignature(secrets, rawBody, signatureHeader, Math.floor(this.clock.nowMs() / 1000))) return null;
    try {
      const event = JSON.parse(rawBody) as { id?: unknown; type?: unknown; data?: Record<string, unknown> };
      if (typeof event.id !== 'string' || (event.type !== 'payment.succeeded' && event.type !== 'payment.failed'))
        return null;
      const data = event.data ?? {};
      return {
        id: event.id,
        type: event.type,
        reference: String(data.reference),
        merchantReference: String(data.merchantReference),
        amount: String(data.amount),
        currency: String(data.currency),
      };
    } catch {
      return null;
    }
  }

  find(reference: string) {
    return this.db.selectFrom('sandboxPayments').selectAll().where('providerRef', '=', reference).executeTakeFirst();
  }

  /** The payer's decision on the hosted page; the webhook follows asynchronously. Decides once. */
  async decide(reference: string, approve: boolean): Promise<'approved' | 'declined' | 'unknown' | 'already'> {
    const payment = await this.find(reference);
    if (!payment) return 'unknown';
    const status = approve ? 'approved' : 'declined';
    const result = await this.db
      .updateTable('sandboxPayments')
      .set({ status, decidedAt: this.clock.nowMs() })
      .where('providerRef', '=', reference)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return 'already';
    const body = JSON.stringify({
      id: `evt_${randomBytes(12).toString('hex')}`,
      type: approve ? 'payment.succeeded' : 'payment.failed',
      created: Math.floor(this.clock.nowMs() / 1000),
      data: {
        reference,
        merchantReference: payment.merchantReference,
        amount: formatMinor(payment.amountMinor),
        currency: payment.currency,
      },
    });
    this.track(this.deliver(body));
    return status;
  }

  private track(delivery: Promise<void>) {
    this.pending.add(delivery);
    void delivery.finally(() => this.pending.delete(delivery));
  }

  private async deliver(body: string): Promise<void> {
    const attempts = [this.options.deliveryDelayMs, ...this.options.retryDelaysMs];
    for (const delay of attempts) {
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      if (!this.send) return;
      const signature = signWebhook(this.options.secret, body, Math.floor(this.clock.nowMs() / 1000));
      const status = await this.send(body, signature).catch(() => 0);
      if (status >= 200 && status < 300) return;
    }
  }

  /** Waits for every webhook in flight (tests, and a graceful shutdown). */
  async flush(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }
}
