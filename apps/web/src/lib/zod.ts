/**
 * What `import … from 'zod'` means in the app's build (vite.config.ts): zod itself, configured for the
 * browser first (lib/zod-config.ts). The configuration has to be in force before any module builds a
 * schema — the shared schemas are built as their modules load — and a module's imports load in order.
 * The entry does not import it, so the login's first load still has no zod (issue 17).
 */
import './zod-config';

export * from 'zod/v4';
export { default } from 'zod/v4';
