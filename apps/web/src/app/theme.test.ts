import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const css = readFileSync(join(import.meta.dirname, 'theme.css'), 'utf8');

/** The declarations of the last rule for exactly this selector. */
function rule(selector: string): string {
  const start = css.lastIndexOf(`${selector} {`);
  expect(start, `${selector} is styled`).toBeGreaterThanOrEqual(0);
  return css.slice(start, css.indexOf('}', start));
}

describe('theme', () => {
  it('toasts wrap between words, not inside them (antd-mobile sets word-break: break-all)', () => {
    const toast = rule('.adm-toast-mask .adm-toast-main');
    expect(toast).toMatch(/word-break:\s*normal/);
    expect(toast).toMatch(/overflow-wrap:\s*break-word/);
    expect(toast).toMatch(/hyphens:\s*auto/);
  });
});
