/**
 * What `import … from 'zod'` means in the investor app's and the console's builds (their
 * vite.config.ts): zod itself, configured for the browser first (zod-browser-config.ts). The
 * configuration has to be in force before any module builds a schema — the shared schemas are built as
 * their modules load — and a module's imports are evaluated in order. The investor app's entry does not
 * import zod, so its login's first load still has none (issue 17).
 */
import './zod-browser-config.ts';

export * from 'zod/v4';
export { default } from 'zod/v4';
