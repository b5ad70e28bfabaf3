import { useEffect, useState } from 'react';
import { requestBlob } from '../../../lib/request.ts';

/** A chat image (or avatar) from a route that needs the operator's token, shown through an object URL. */
export function PrivateImage({ src, alt, className }: { src: string; alt: string; className?: string }) {
  // What was loaded for which address: a new `src` shows the loading state until its own answer.
  const [loaded, setLoaded] = useState<{ src: string; url: string | null } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    requestBlob(src, { signal: controller.signal })
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setLoaded({ src, url: objectUrl });
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoaded({ src, url: null });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [src]);
  const current = loaded?.src === src ? loaded : null;
  const url = current?.url ?? null;
  if (current && url === null) return <span>{alt}</span>;
  return url ? <img className={className} src={url} alt={alt} /> : <span className={className} aria-busy="true" />;
}
