import { translate, type MessageKey, type MessageParams } from '@bourse/shared/i18n/index';
import { isLanguage, type Language } from '@bourse/shared/languages';
import { formatMinor } from '@bourse/shared/money';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { SIGNATURE_HEADER } from '../../platform/payment-provider.ts';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const refParams = z.strictObject({ paymentId: z.string().regex(/^sbx_[0-9a-f]{24}$/) });

/**
 * The sandbox processor's own pages: the hosted checkout where the payer approves or declines, and
 * the two actions its buttons post to. This stands in for a bank's page, which is why it is plain
 * HTML with forms (no script) and is not part of the investor app.
 */
export async function registerSandboxRoutes(app: FastifyInstance, ctx: AppContext) {
  const sandbox = ctx.sandbox;
  if (!sandbox) return;
  // The provider delivers its webhooks to our endpoint, in-process for the sandbox.
  sandbox.connect(async (body, signature) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
      payload: body,
    });
    return res.statusCode;
  });

  app.get('/sandbox/checkout/:paymentId', { schema: { hide: true, params: refParams } }, async (request, reply) => {
    const { paymentId } = request.params as z.infer<typeof refParams>;
    const payment = await sandbox.find(paymentId);
    if (!payment) throw new AppError('NOT_FOUND');
    // The merchant's choice of language when it created the payment, else the browser's.
    const lang: Language = payment.locale && isLanguage(payment.locale) ? payment.locale : request.lang;
    const text = (key: MessageKey, params?: MessageParams) => escapeHtml(translate(lang, key, params));
    const amount = `${formatMinor(payment.amountMinor)} ${payment.currency}`;
    // Only a path of this site: the page never sends the payer elsewhere.
    const back =
      payment.returnUrl?.startsWith('/') && !payment.returnUrl.startsWith('//') ? payment.returnUrl : '/#/my';
    const body =
      payment.status === 'approved' || payment.status === 'declined'
        ? `<p class="status">${text(payment.status === 'approved' ? 'sandboxCheckout.approved' : 'sandboxCheckout.declined')}</p><p><a href="${escapeHtml(back)}">${text('sandboxCheckout.back')}</a></p>`
        : `<form method="post" action="/api/payments/sandbox/${paymentId}/approve"><button class="approve" type="submit">${text('sandboxCheckout.approve')}</button></form>
         <form method="post" action="/api/payments/sandbox/${paymentId}/decline"><button class="decline" type="submit">${text('sandboxCheckout.decline')}</button></form>`;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(`<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${text('sandboxCheckout.pageTitle')}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
main{border:1px solid #ccc;border-radius:8px;padding:1.5rem}h1{font-size:1.25rem}.amount{font-size:2rem;font-weight:700}
button{width:100%;padding:.9rem;margin-top:.75rem;font-size:1rem;border-radius:6px;border:0;cursor:pointer}
.approve{background:#0a5c2e;color:#fff}.decline{background:#fff;color:#a8071a;border:1px solid #a8071a}</style></head>
<body><main><h1>${text('sandboxCheckout.heading')}</h1><p>${text('sandboxCheckout.merchant', { name: 'Bourse' })}</p><p>${escapeHtml(payment.description)}</p>
<p class="amount">${escapeHtml(amount)}</p>${body}</main></body></html>`);
  });

  await app.register(async (scope) => {
    // The page's buttons are plain HTML forms.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) =>
      done(null, {}),
    );
    for (const decision of ['approve', 'decline'] as const) {
      scope.post(
        `/api/payments/sandbox/:paymentId/${decision}`,
        {
          config: { auth: 'public', rateLimit: { max: 60, timeWindow: 60_000 } },
          schema: { hide: true, params: refParams },
        },
        async (request, reply) => {
          const { paymentId } = request.params as z.infer<typeof refParams>;
          const outcome = await sandbox.decide(paymentId, decision === 'approve');
          if (outcome === 'unknown') throw new AppError('NOT_FOUND');
          if (outcome === 'already') throw new AppError('CONFLICT');
          if (String(request.headers.accept ?? '').includes('text/html'))
            return reply.redirect(`/sandbox/checkout/${paymentId}`, 303);
          return reply.send(ok({ status: outcome }));
        },
      );
    }
  });
}
