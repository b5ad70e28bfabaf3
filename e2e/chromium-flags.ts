/**
 * The flags every headless Debian Chromium of the tests, benchmarks and scripts starts with: no sandbox
 * (root), no GPU, and no background connections, which this closed network refuses (TOOLCHAIN.md).
 * A module of its own, without test imports, so scripts and benchmarks can use it outside Vitest.
 */
export const CHROMIUM_FLAGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
