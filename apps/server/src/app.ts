import { existsSync } from 'node:fs';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { KYC_IMAGE_MAX_BYTES } from '@bourse/shared/schemas/kyc';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerAdminRoutes } from './domains/admin/admin.admin-routes.ts';
import { authenticateOperator } from './domains/admin/operators.service.ts';
import { registerIpoAdminRoutes } from './domains/ipo/ipo.admin-routes.ts';
import { registerIpoRoutes } from './domains/ipo/ipo.routes.ts';
import { registerInvitationAdminRoutes } from './domains/invitations/invitations.admin-routes.ts';
import { registerAuthRoutes } from './domains/auth/auth.routes.ts';
import { registerBlockTradeAdminRoutes } from './domains/blocktrade/blocktrade.admin-routes.ts';
import { registerBlockTradeRoutes } from './domains/blocktrade/blocktrade.routes.ts';
import { registerLoanAdminRoutes } from './domains/loans/loans.admin-routes.ts';
import { registerLoanRoutes } from './domains/loans/loans.routes.ts';
import { registerBalanceAdminRoutes } from './domains/balance/balance.admin-routes.ts';
import { registerBalanceRoutes } from './domains/balance/balance.routes.ts';
import { authenticate } from './domains/auth/auth.service.ts';
import { registerKycAdminRoutes } from './domains/kyc/kyc.admin-routes.ts';
import { registerKycRoutes, registerKycUploadRoutes } from './domains/kyc/kyc.routes.ts';
import { registerOnboardingRoutes } from './domains/onboarding/onboarding.routes.ts';
import { registerMemberAdminRoutes } from './domains/members/members.admin-routes.ts';
import { registerMemberRoutes } from './domains/members/members.routes.ts';
import { registerMessageAdminRoutes } from './domains/messages/messages.admin-routes.ts';
import { registerMessageRoutes } from './domains/messages/messages.routes.ts';
import { registerMarketAdminRoutes } from './domains/market/market.admin-routes.ts';
import { registerMarketRoutes } from './domains/market/market.routes.ts';
import { registerNewsAdminRoutes } from './domains/news/news.admin-routes.ts';
import { registerNewsRoutes } from './domains/news/news.routes.ts';
import { registerSettingsAdminRoutes } from './domains/settings/settings.admin-routes.ts';
import { registerSettingsRoutes } from './domains/settings/settings.routes.ts';
import { registerStreamRoutes } from './domains/stream/stream.routes.ts';
import {
  registerSupportAdminRoutes,
  registerSupportAdminUploadRoutes,
} from './domains/support/support.admin-routes.ts';
import { registerSupportRoutes, registerSupportUploadRoutes } from './domains/support/support.routes.ts';
import { registerTradingAdminRoutes } from './domains/trading/trading.admin-routes.ts';
import { registerTradingRoutes } from './domains/trading/trading.routes.ts';
import { registerUserAdminRoutes } from './domains/users/users.admin-routes.ts';
import { registerAvatarUploadRoutes, registerUserRoutes } from './domains/users/users.routes.ts';
import { registerSandboxRoutes } from './domains/wallet/sandbox.routes.ts';
import { registerWalletAdminRoutes } from './domains/wallet/wallet.admin-routes.ts';
import { registerWalletRoutes } from './domains/wallet/wallet.routes.ts';
import { registerPortfolioRoutes } from './domains/portfolio/portfolio.routes.ts';
import { registerPrivacyAdminRoutes } from './domains/privacy/privacy.admin-routes.ts';
import { registerPrivacyRoutes } from './domains/privacy/privacy.routes.ts';
import { registerProductRoutes } from './domains/products/products.routes.ts';
import type { AppContext } from './platform/context.ts';
import { installErrorHandler } from './platform/error-handler.ts';
import { AppError } from './platform/errors.ts';
import './platform/fastify-types.ts';
import { requestLanguage } from './platform/i18n.ts';
import { loggerOptions } from './platform/logger.ts';
import { securityHeaders } from './platform/security-headers.ts';
import { serverTimeHook } from './platform/server-time.ts';
import { serializerCompiler, validatorCompiler } from './platform/validation.ts';

export type App = FastifyInstance;

/** An /api route as registered: what it is and who may call it. */
export interface ApiRoute {
  method: string;
  url: string;
  auth: 'public' | 'user' | 'operator';
  roles: readonly string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    apiRoutes: ApiRoute[];
  }
}

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'] | false;
  /** Serve the built web and admin apps (the process does; most tests do not need them). */
  serveStatic?: boolean;
}

/**
 * Builds the whole HTTP application as a Fastify instance: external plugins, then the platform
 * (validation, errors, auth), then the domains, then the static apps. Nothing here listens.
 */
export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<App> {
  const app = Fastify({
    logger: options.logger ?? loggerOptions(ctx.config),
    bodyLimit: ctx.config.BODY_LIMIT_BYTES,
    trustProxy: ctx.config.TRUST_PROXY,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // Plugins and onReady hooks may take this long (Fastify's default is 10 s): trading's onReady
    // waits for the order writer thread to load, which took over 10 s on the loaded two-core machine
    // while the crash test's 50 clients hammered a restarted server.
    pluginTimeout: 120_000,
  }).withTypeProvider<ZodTypeProvider>();

  if (ctx.database.checkpointer) {
    const checkpointer = ctx.database.checkpointer;
    checkpointer.onError = (error) => app.log.error({ err: error }, 'sqlite checkpointer');
  }
  // The API speaks JSON (and multipart on the upload routes). Fastify also parses text/plain by
  // default: a CORS-safelisted type a foreign page's form can send without a preflight. Refused
  // (415) so no body reaches a route that way.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);

  const headers = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd and antd-mobile inject their CSS at run time; scripts stay strictly same-origin.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // News articles may show https images (the server's sanitizer keeps only http(s) ones).
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // The app is served over plain HTTP on localhost in the demo; HSTS belongs to the TLS terminator.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  app.addHook('onSend', serverTimeHook(ctx.clock));

  // Limits are per route (a global limit would also refuse the websocket handshake). With Redis the
  // counters are shared by every instance.
  await app.register(rateLimit, {
    global: false,
    ...(ctx.redis ? { redis: ctx.redis, nameSpace: `${ctx.config.REDIS_PREFIX}rl:` } : {}),
    errorResponseBuilder: (_request, context) => {
      const error = new AppError('RATE_LIMITED');
      Object.assign(error, { statusCode: context.statusCode });
      return error;
    },
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Bourse API', version: ctx.config.version },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  app.decorateRequest('lang', 'de');
  app.decorateRequest('principal', null);
  app.decorateRequest('operator', null);

  // Secure by default: an /api route that does not declare who may call it fails start-up, and so
  // does an operator route without roles.
  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const auth = route.config?.auth;
    if (!auth) throw new Error(`route ${String(route.method)} ${route.url} does not declare config.auth`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') apiRoutes.push({ method, url: route.url, auth, roles: route.config?.roles ?? [] });
    }
    if (route.url.startsWith('/api/admin/') && route.url !== '/api/admin/login' && auth !== 'operator') {
      throw new Error(`admin route ${route.url} must be an operator route`);
    }
    if (auth === 'operator' && !route.config?.roles?.length) {
      throw new Error(`operator route ${String(route.method)} ${route.url} declares no roles`);
    }
  });

  app.addHook('onRequest', async (request) => {
    request.lang = requestLanguage(request);
    const config = request.routeOptions.config;
    const token = headerValue(request.headers['token']);
    if (config.auth === 'user') {
      request.principal = await authenticate(ctx, token);
    } else if (config.auth === 'operator') {
      const operator = await authenticateOperator(ctx, token);
      const allowed = config.roles ?? [];
      if (!operator.roles.some((role) => allowed.includes(role))) throw new AppError('FORBIDDEN');
      request.operator = operator;
    }
  });

  app.get('/api/health', { config: { auth: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    try {
      await ctx.database.db.selectFrom('settings').select('key').limit(1).execute();
      return { code: 1, msg: 'ok', data: { status: 'ok', db: ctx.database.dialect, version: ctx.config.version } };
    } catch {
      return reply
        .status(503)
        .send({ code: 503, error: 'SERVICE_UNAVAILABLE', msg: 'database unreachable', data: null });
    }
  });

  await registerAuthRoutes(app, ctx);
  await registerUserRoutes(app, ctx);
  await registerOnboardingRoutes(app, ctx);
  await registerSettingsRoutes(app, ctx);
  await registerSettingsAdminRoutes(app, ctx);
  await registerAdminRoutes(app, ctx);
  await registerInvitationAdminRoutes(app, ctx);
  await registerKycRoutes(app, ctx);
  await registerKycAdminRoutes(app, ctx);
  // Multipart bodies are parsed only inside this scope, for the upload routes; anywhere else one is
  // refused with 415. Limits: two files of at most 8 MiB, a handful of short text fields.
  await app.register(async (uploads) => {
    await uploads.register(multipart, {
      limits: {
        fileSize: KYC_IMAGE_MAX_BYTES,
        files: 2,
        fields: 10,
        fieldSize: 1024,
        fieldNameSize: 64,
        parts: 12,
        headerPairs: 20,
      },
      throwFileSizeLimit: true,
    });
    await registerKycUploadRoutes(uploads, ctx);
    await registerAvatarUploadRoutes(uploads, ctx);
    await registerSupportUploadRoutes(uploads, ctx);
    await registerSupportAdminUploadRoutes(uploads, ctx);
  });
  await registerWalletRoutes(app, ctx);
  await registerWalletAdminRoutes(app, ctx);
  await registerPortfolioRoutes(app, ctx);
  await registerUserAdminRoutes(app, ctx);
  await registerSandboxRoutes(app, ctx);
  await registerMarketRoutes(app, ctx);
  await registerMarketAdminRoutes(app, ctx);
  await registerStreamRoutes(app, ctx);
  await registerTradingRoutes(app, ctx);
  await registerTradingAdminRoutes(app, ctx);
  await registerIpoRoutes(app, ctx);
  await registerIpoAdminRoutes(app, ctx);
  await registerBlockTradeRoutes(app, ctx);
  await registerBlockTradeAdminRoutes(app, ctx);
  await registerLoanRoutes(app, ctx);
  await registerLoanAdminRoutes(app, ctx);
  await registerMemberRoutes(app, ctx);
  await registerMemberAdminRoutes(app, ctx);
  await registerBalanceRoutes(app, ctx);
  await registerBalanceAdminRoutes(app, ctx);
  await registerMessageRoutes(app, ctx);
  await registerMessageAdminRoutes(app, ctx);
  await registerNewsRoutes(app, ctx);
  await registerNewsAdminRoutes(app, ctx);
  await registerPrivacyRoutes(app, ctx);
  await registerProductRoutes(app, ctx);
  await registerPrivacyAdminRoutes(app, ctx);
  await registerSupportRoutes(app, ctx);
  await registerSupportAdminRoutes(app, ctx);

  if (options.serveStatic) await registerStatic(app, ctx);
  return app;
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

async function registerStatic(app: FastifyInstance, ctx: AppContext) {
  const setHeaders = (reply: { header(name: string, value: string): unknown }, filePath: string) => {
    // Hashed assets never change; the shell, manifest and service worker must always be revalidated.
    // preCompressed: the build writes .br/.gz next to each hashed JS/CSS file (scripts/vite-precompress.ts);
    // the variant is chosen by accept-encoding (br, then gzip, else the file itself), with vary set.
    if (/[\\/]assets[\\/]/.test(filePath)) reply.header('cache-control', 'public, max-age=31536000, immutable');
    else reply.header('cache-control', 'no-cache');
  };
  if (existsSync(ctx.config.WEB_DIST)) {
    await app.register(fastifyStatic, {
      root: ctx.config.WEB_DIST,
      prefix: '/',
      setHeaders,
      cacheControl: false,
      preCompressed: true,
    });
  } else {
    app.log.warn(`web app not built (${ctx.config.WEB_DIST} missing): run npm run build`);
  }
  if (existsSync(ctx.config.ADMIN_DIST)) {
    await app.register(fastifyStatic, {
      root: ctx.config.ADMIN_DIST,
      prefix: '/admin/',
      decorateReply: false,
      setHeaders,
      cacheControl: false,
      preCompressed: true,
    });
    app.get('/admin', { config: { auth: 'public' }, schema: { hide: true } }, (_req, reply) =>
      reply.redirect('/admin/'),
    );
  } else {
    app.log.warn(`operator console not built (${ctx.config.ADMIN_DIST} missing): run npm run build`);
  }
}
