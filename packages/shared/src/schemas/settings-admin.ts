import { z } from 'zod';

/** A loosening change to money-control settings, waiting for (or decided by) a second operator. */
export const settingsChangeStatus = z.enum(['pending', 'approved', 'rejected']);
export type SettingsChangeStatus = z.infer<typeof settingsChangeStatus>;

export const settingsChange = z.object({
  id: z.number().int(),
  status: settingsChangeStatus,
  /** Each setting with the value it had when proposed and the value proposed. */
  changes: z.array(z.object({ key: z.string(), from: z.string(), to: z.string() })),
  proposedBy: z.string(),
  proposedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  reason: z.string().nullable(),
});
export type SettingsChange = z.infer<typeof settingsChange>;

export const settingsChangesQuery = z.strictObject({
  status: settingsChangeStatus.optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});

export const rejectSettingsChangeBody = z.strictObject({ reason: z.string().trim().min(1).max(500).optional() });
