import { useEffect, useState } from 'react';
import { useSessionStore } from '../../../lib/session-store';

/**
 * An image from an API route that needs the session token (a chat attachment): fetched with the
 * token header and shown from a blob URL, released again when the image goes away.
 */
export function PrivateImage({ src, alt, className }: { src: string; alt: string; className?: string }) {
  const token = useSessionStore((state) => state.token);
  // What was loaded for which address: a new `src` shows the loading state until its own answer.
  const [loaded, setLoaded] = useState<{ src: string; url: string | null } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    void fetch(src, { headers: token ? { token } : {}, signal: controller.signal, credentials: 'same-origin' })
      .then(async (response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        objectUrl = URL.createObjectURL(await response.blob());
        setLoaded({ src, url: objectUrl });
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoaded({ src, url: null });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [src, token]);

  const current = loaded?.src === src ? loaded : null;
  const url = current?.url ?? null;
  if (current && url === null) return <span className="chat-image-missing">{alt}</span>;
  if (!url)
    return <span className={`chat-image-loading ${className ?? ''}`} role="img" aria-label={alt} aria-busy="true" />;
  return <img className={className} src={url} alt={alt} />;
}
