import { KYC_IMAGE_TYPES } from '@bourse/shared/schemas/kyc';
import { useTranslation } from 'react-i18next';
import type { ChosenPhoto } from './use-photo-previews';

export interface DocumentPhotoFieldProps {
  id: string;
  /** Which side, e.g. "Front of the document": the heading of the field and part of every name in it. */
  label: string;
  photo: ChosenPhoto | undefined;
  error?: string | undefined;
  /** Id of a hint shared by the photo fields (types and size). */
  hintId?: string;
  onChoose: (file: File) => void;
}

/**
 * One side of the document: a preview (or an empty frame) and a native file input behind a visible
 * label styled as a button, so it works with keyboard, screen readers and the phone's photo picker.
 */
export function DocumentPhotoField({ id, label, photo, error, hintId, onChoose }: DocumentPhotoFieldProps) {
  const { t } = useTranslation();
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={error ? 'photo-field photo-field-invalid' : 'photo-field'}>
      <span className="text-field-label" aria-hidden="true">
        {label}
      </span>
      <div className="photo-field-frame">
        {photo ? (
          <img className="photo-field-preview" src={photo.url} alt={t('kyc.previewAlt', { side: label })} />
        ) : (
          <span className="photo-field-empty">{t('kyc.noPhoto')}</span>
        )}
      </div>
      <input
        id={id}
        className="photo-field-input"
        type="file"
        accept={KYC_IMAGE_TYPES.join(',')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so that choosing the same file again (after fixing it elsewhere) still fires.
          event.target.value = '';
          if (file) onChoose(file);
        }}
      />
      <label className="photo-field-button" htmlFor={id}>
        {photo ? t('kyc.changePhoto') : t('kyc.choosePhoto')}
        <span className="visually-hidden">: {label}</span>
      </label>
      {error && (
        <p id={errorId} className="text-field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
