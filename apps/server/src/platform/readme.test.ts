import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configSchema, REPO_ROOT } from './config.ts';

describe('README', () => {
  it('documents every environment variable the server reads', () => {
    const readme = readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
    const missing = Object.keys(configSchema.shape).filter(
      (name) => !new RegExp(`^\\|\\s*\`${name}\`\\s*\\|`, 'm').test(readme),
    );
    expect(missing).toEqual([]);
  });
});
