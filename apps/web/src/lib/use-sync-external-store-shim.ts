/**
 * Stands in for `use-sync-external-store/shim` in the build (vite.config.ts, `resolve.alias`): the shim
 * exports React's own useSyncExternalStore whenever React has one, which React 19 always does, so its
 * fallback for older Reacts (0.5 KB gzip, react-i18next's, on the login's first load) is never used.
 */
export { useSyncExternalStore } from 'react';
