import { catalogs } from '@bourse/shared/i18n/index';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@bourse/shared/languages';
import { agreementQuery, agreementResponse, configResponse, kefuResponse } from '@bourse/shared/schemas/auth';
import { SUPPORT_CHAT_URL } from '@bourse/shared/schemas/support';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { ok, okResponse } from '../../platform/envelope.ts';
import { retentionJobs } from './settings.jobs.ts';
import { getSettings } from './settings.service.ts';
import { describeSupportHours, isSupportOnline } from './support-hours.ts';

const tags = ['settings'];

/** The date the current agreement text took effect. */
export const AGREEMENT_EFFECTIVE = '2026-11-01T00:00:00.000Z';

export async function registerSettingsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Customer service is the built-in chat unless an external address is configured.
  const kfUrl = ctx.config.KF_URL ?? SUPPORT_CHAT_URL;
  const unregister = retentionJobs(ctx).map((job) => ctx.jobs.register(job));
  app.addHook('onClose', async () => {
    for (const stop of unregister) stop();
  });

  r.get(
    '/api/stock/getconfig',
    { config: { auth: 'public' }, schema: { tags, response: okResponse(configResponse) } },
    async () => {
      const settings = await getSettings(ctx.database.db);
      return ok({
        kf_url: kfUrl,
        version: ctx.config.version,
        minDeposit: settings.minDeposit,
        minWithdrawal: settings.minWithdrawal,
        minTransfer: settings.minTransfer,
        withdrawalFee: settings.withdrawalFee,
        currency: ctx.config.CURRENCY,
        languages: [...LANGUAGES],
        defaultLanguage: DEFAULT_LANGUAGE,
        fees: {
          commissionRate: settings.commissionRate,
          commissionMin: settings.commissionMin,
          transactionFeeRate: settings.transactionFeeRate,
          stampDutyRate: settings.stampDutyRate,
        },
      });
    },
  );

  const supportHours = {
    openHour: ctx.config.SUPPORT_OPEN_HOUR,
    closeHour: ctx.config.SUPPORT_CLOSE_HOUR,
    timeZone: ctx.config.SUPPORT_TIME_ZONE,
  };
  r.get(
    '/api/stock/kefu',
    { config: { auth: 'user' }, schema: { tags, response: okResponse(kefuResponse) } },
    async (request) =>
      ok({
        url: kfUrl,
        hours: describeSupportHours(supportHours, request.lang),
        online: isSupportOnline(ctx.clock.now(), supportHours),
      }),
  );

  r.get(
    '/api/agreement',
    {
      config: { auth: 'public' },
      schema: { tags, querystring: agreementQuery, response: okResponse(agreementResponse) },
    },
    async (request) => {
      const lang = request.query.lang ?? request.lang;
      const text = catalogs[lang].agreement;
      return ok({
        lang,
        title: text.title,
        // The date the text took effect; clients format it in the reader's locale.
        updated: AGREEMENT_EFFECTIVE,
        intro: text.intro,
        sections: Object.entries(text.sections).map(([id, section]) => ({
          id,
          title: section.title,
          body: section.body,
        })),
      });
    },
  );
}
