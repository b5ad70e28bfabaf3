import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import {
  authenticationDetail,
  KYC_IMAGE_SIDES,
  kycImageParams,
  kycSubmissionFields,
  type KycImageSide,
} from '@bourse/shared/schemas/kyc';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.ts';
import { ok, okResponse } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { userOf } from '../../platform/fastify-types.ts';
import { sendPrivateImage } from '../../platform/storage.ts';
import { parseInput } from '../../platform/validation.ts';
import * as kyc from './kyc.service.ts';

const tags = ['kyc'];

const TEXT_FIELDS = new Set(Object.keys(kycSubmissionFields.shape));

function isImageSide(name: string): name is KycImageSide {
  return (KYC_IMAGE_SIDES as readonly string[]).includes(name);
}

/**
 * Reads the multipart submission: the text fields and the two images, nothing else. The plugin's
 * limits (app.ts) cap each file at 8 MiB (413) and the number of parts; a file's name and content
 * type as the client labelled them are ignored.
 */
async function readSubmission(request: FastifyRequest): Promise<kyc.SubmissionInput> {
  if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const fields: Record<string, unknown> = {};
  const files: Partial<Record<KycImageSide, Buffer>> = {};
  for await (const part of request.parts() as AsyncIterable<MultipartFile | MultipartValue>) {
    const name = part.fieldname;
    if (part.type === 'file') {
      if (!isImageSide(name)) throw new AppError('UNKNOWN_FIELD', { field: name });
      if (files[name]) throw new AppError('VALIDATION_FAILED', { detail: name });
      const bytes = await part.toBuffer();
      // A browser form sends an empty part for a file input left empty: that is a missing image.
      if (bytes.length > 0) files[name] = bytes;
    } else {
      if (!TEXT_FIELDS.has(name)) throw new AppError('UNKNOWN_FIELD', { field: name });
      if (name in fields || part.valueTruncated) throw new AppError('VALIDATION_FAILED', { detail: name });
      fields[name] = part.value;
    }
  }
  const parsed = parseInput(kycSubmissionFields, fields);
  if (parsed.error) throw parsed.error;
  if (!files.front || !files.back) throw new AppError('KYC_IMAGES_REQUIRED');
  return { fields: parsed.value, front: files.front, back: files.back };
}

/**
 * The submission itself: registered inside the scope that parses multipart bodies (app.ts), the
 * only place that does.
 */
export async function registerKycUploadRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/user/authentication',
    {
      config: {
        auth: 'user',
        // Decoding and re-encoding two photos is the costliest thing an investor can ask for: a few
        // tries per user and ten minutes, counted after authentication (so per user, not per IP).
        rateLimit: {
          max: 5,
          timeWindow: 10 * 60_000,
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => `kyc-submit:${request.principal?.userId ?? request.ip}`,
        },
      },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        description: 'multipart: realName, idNumber, docType (fields); front, back (JPEG, PNG or WebP, ≤ 8 MiB each)',
        response: okResponse(authenticationDetail),
      },
    },
    async (request) => {
      const input = await readSubmission(request);
      return ok(await kyc.submitVerification(ctx, userOf(request).userId, input));
    },
  );
}

export async function registerKycRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/user/authenticationDetail',
    { config: { auth: 'user' }, schema: { tags, response: okResponse(authenticationDetail) } },
    async (request) => ok(await kyc.getAuthenticationDetail(ctx, userOf(request).userId)),
  );

  r.get(
    '/api/user/authentication/images/:side',
    {
      config: { auth: 'user' },
      schema: { tags, params: kycImageParams, produces: ['image/jpeg', 'image/webp'] },
    },
    async (request, reply) =>
      sendPrivateImage(reply, await kyc.readSubmissionImage(ctx, userOf(request).userId, request.params.side)),
  );
}
