import { useCallback, useEffect, useRef, useState } from 'react';
import type { KycImageSide } from '@bourse/shared/schemas/kyc';

export interface ChosenPhoto {
  file: File;
  /** An object URL for the preview; revoked when the photo is replaced or the form goes away. */
  url: string;
}

/**
 * The photos chosen for each side, with previews. Each object URL lives exactly as long as its
 * photo is shown: replacing or clearing a side revokes the old one, unmounting revokes them all.
 */
export function usePhotoPreviews() {
  const [photos, setPhotos] = useState<Partial<Record<KycImageSide, ChosenPhoto>>>({});
  // The URLs in use, kept outside state so the unmount clean-up sees the latest ones.
  const urls = useRef<Partial<Record<KycImageSide, string>>>({});

  useEffect(() => {
    const live = urls.current;
    return () => {
      for (const side of Object.keys(live) as KycImageSide[]) {
        const url = live[side];
        if (url) URL.revokeObjectURL(url);
        delete live[side];
      }
    };
  }, []);

  const setPhoto = useCallback((side: KycImageSide, file: File | undefined) => {
    const previous = urls.current[side];
    if (previous) URL.revokeObjectURL(previous);
    if (!file) {
      delete urls.current[side];
      setPhotos(({ [side]: _removed, ...rest }) => rest);
      return;
    }
    const url = URL.createObjectURL(file);
    urls.current[side] = url;
    setPhotos((current) => ({ ...current, [side]: { file, url } }));
  }, []);

  return { photos, setPhoto };
}
