import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { isHttpUrl, type NewsBodyFormat } from '@bourse/shared/schemas/news';

/**
 * The allow-list every article body passes before it is stored and served (editor Markdown or HTML,
 * feed item content alike): text structure, links and images only. No script, style, iframe or
 * form; no `on*` or `style` attribute; links only to http(s) and mailto, opened in a new tab without
 * the page's opener or referrer and not endorsed (`rel="noopener noreferrer nofollow"`); images only from
 * http(s), loaded lazily without a referrer.
 */
const ARTICLE_POLICY: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'code',
    'pre',
    'hr',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'figure',
    'figcaption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading', 'referrerpolicy'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // Only absolute addresses: a relative one would resolve against the app itself.
    a: (tagName, { href, ...attribs }) => ({
      tagName,
      attribs: {
        ...attribs,
        ...(/^mailto:/i.test(href ?? '') || isHttpUrl(href) ? { href } : {}),
        rel: 'noopener noreferrer nofollow',
        target: '_blank',
      },
    }),
    img: (tagName, { src, ...attribs }) => ({
      tagName,
      attribs: { ...attribs, ...(isHttpUrl(src) ? { src } : {}), loading: 'lazy', referrerpolicy: 'no-referrer' },
    }),
    // The article's title is the page's only h1; a Markdown `#` heading becomes a section heading.
    h1: 'h2',
  },
  // A link or image whose address was refused keeps no empty shell.
  exclusiveFilter: (frame) =>
    (frame.tag === 'img' && !frame.attribs.src) || (frame.tag === 'a' && !frame.attribs.href && !frame.text.trim()),
};

/** HTML as written (by an editor or a feed) → the allow-listed HTML that is stored and served. */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, ARTICLE_POLICY).trim();
}

/** An article body in its format → sanitized HTML (Markdown is rendered first, raw HTML in it included). */
export function renderBody(format: NewsBodyFormat, body: string): string {
  const html = format === 'markdown' ? marked.parse(body, { async: false, gfm: true }) : body;
  return sanitizeArticleHtml(html);
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/**
 * Markup → plain text (a feed item's title or summary): tags and the content of script and style
 * dropped, whitespace collapsed. The result is text, escaped where it is shown.
 */
export function plainText(markup: string): string {
  const escaped = sanitizeHtml(markup, { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: 'discard' });
  return escaped
    .replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
}
