/**
 * The page the server sends the payer to, checked before the browser goes there: a page of this
 * site (the sandbox provider's `/sandbox/checkout/…`) or a provider's page over HTTPS. Anything
 * else (`javascript:`, plain HTTP elsewhere, garbage) is refused and gives null.
 */
export function resolveCheckoutUrl(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw, window.location.href);
  } catch {
    return null;
  }
  if (url.origin === window.location.origin) return url.href;
  return url.protocol === 'https:' ? url.href : null;
}
