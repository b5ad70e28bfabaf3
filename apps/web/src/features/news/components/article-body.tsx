/**
 * An article's body. The HTML comes from the server already sanitized on save with an allow-list
 * (no script, no event handler, links and images only over http(s)); the strict CSP (scripts only
 * from the app's origin, no inline script) is the second line. Links open in a new tab without the
 * opener.
 */
export function ArticleBody({ html, lang }: { html: string; lang: string }) {
  // Sanitized on the server with an allow-list (apps/server/src/domains/news/sanitize.ts).
  return <div className="news-body" lang={lang} dangerouslySetInnerHTML={{ __html: html }} />;
}
