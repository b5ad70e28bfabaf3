import { Alert, Button, Skeleton } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { KycImageSide } from '@bourse/shared/schemas/kyc';
import { ApiError } from '../../../lib/request.ts';
import { useKycImage } from '../api/get-kyc-image.ts';

/**
 * Shows a fetched image through an object URL that lives exactly as long as the <img> element: made
 * when React attaches it, revoked when React detaches it (or the image changes).
 */
function BlobImage({ blob, alt }: { blob: Blob; alt: string }) {
  const attach = useCallback(
    (node: HTMLImageElement | null) => {
      if (!node) return;
      const url = URL.createObjectURL(blob);
      node.setAttribute('src', url);
      return () => {
        node.removeAttribute('src');
        URL.revokeObjectURL(url);
      };
    },
    [blob],
  );
  return <img ref={attach} alt={alt} className="kyc-image" />;
}

export interface KycDocumentImageProps {
  userId: number;
  submissionId: number;
  side: KycImageSide;
  /** The investor's name, for the image's text alternative. */
  name: string;
}

/** One side of the document, with its caption; loading and failure shown in place. */
export function KycDocumentImage({ userId, submissionId, side, name }: KycDocumentImageProps) {
  const { t } = useTranslation();
  const image = useKycImage({ userId, submissionId, side });
  const caption = t(`admin.kyc.${side}`);
  return (
    <figure className="kyc-figure">
      <figcaption className="kyc-figure__caption">{caption}</figcaption>
      <div className="kyc-figure__frame">
        {image.data ? (
          <BlobImage blob={image.data} alt={t('admin.kyc.imageAlt', { side: caption, name })} />
        ) : image.isError ? (
          <Alert
            type="error"
            showIcon
            title={image.error instanceof ApiError ? image.error.msg : t('admin.kyc.imageFailed')}
            action={
              <Button size="small" onClick={() => void image.refetch()}>
                {t('common.retry')}
              </Button>
            }
          />
        ) : (
          <Skeleton.Image active className="kyc-figure__loading" />
        )}
      </div>
    </figure>
  );
}
