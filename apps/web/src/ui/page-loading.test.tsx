import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageLoading } from './page-loading';

/** The element's markup without whitespace-only text (formatting) and without the translated text. */
function shape(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  copy.querySelectorAll('.visually-hidden').forEach((text) => text.remove());
  const walker = document.createTreeWalker(copy, NodeFilter.SHOW_TEXT);
  const blank: Text[] = [];
  while (walker.nextNode())
    if ((walker.currentNode.textContent ?? '').trim() === '') blank.push(walker.currentNode as Text);
  blank.forEach((text) => text.remove());
  return copy.outerHTML;
}

describe('PageLoading', () => {
  it('is what index.html shows before the JavaScript has run, so nothing changes when React takes over', () => {
    const html = readFileSync(join(import.meta.dirname, '../../index.html'), 'utf8');
    const page = new DOMParser().parseFromString(html, 'text/html');
    const staticShell = page.querySelector('#root > .page-loading');
    expect(staticShell, 'index.html renders the loading state in #root').not.toBeNull();
    const { container } = render(<PageLoading />);
    expect(shape(staticShell!)).toBe(shape(container.firstElementChild!));
  });

  it('draws its ring in SVG, which the browser counts as content (a CSS border is not)', () => {
    const { container } = render(<PageLoading />);
    expect(container.querySelector('.page-loading-spinner svg circle')).not.toBeNull();
  });

  it('leaves the static loading state without text: it would be in one language before the catalog loads', () => {
    const html = readFileSync(join(import.meta.dirname, '../../index.html'), 'utf8');
    const page = new DOMParser().parseFromString(html, 'text/html');
    expect(page.querySelector('#root')?.textContent?.trim()).toBe('');
  });
});
