import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ID_NUMBER_MAX_LENGTH,
  KYC_DOC_TYPES,
  REAL_NAME_MAX_LENGTH,
  type KycDocType,
  type KycImageSide,
} from '@bourse/shared/schemas/kyc';
import { isUnnotifiedFailure } from '../../../lib/request-error';
import { showErrorToast, showToast } from '../../../lib/toast';
import { TextField } from '../../../ui/text-field';
import { useSubmitAuthentication } from '../api/submit-authentication';
import {
  IMAGE_MAX_MEGABYTES,
  checkForm,
  checkPhotoFile,
  normalizeIdNumber,
  normalizeRealName,
  type KycField,
  type Problem,
} from '../validation';
import { DocumentPhotoField } from './document-photo-field';
import { usePhotoPreviews } from './use-photo-previews';

const PHOTO_HINT_ID = 'kyc-photo-hint';

export interface KycFormProps {
  /** What the user sent last time (when asked to resubmit): the name and document type to start from. */
  previous?: { realName?: string | undefined; docType?: KycDocType | undefined };
}

/**
 * Real name, document number and type, and a photo of each side of the document. Every field is
 * checked here first; the request goes out only when all of them pass.
 */
export function KycForm({ previous }: KycFormProps) {
  const { t } = useTranslation();
  const submit = useSubmitAuthentication();
  const { photos, setPhoto } = usePhotoPreviews();
  const [realName, setRealName] = useState(previous?.realName ?? '');
  const [idNumber, setIdNumber] = useState('');
  const [docType, setDocType] = useState<KycDocType | ''>(previous?.docType ?? '');
  // Problems with a chosen file (type, size) are known at once; the rest after the first attempt.
  const [photoProblems, setPhotoProblems] = useState<Partial<Record<KycImageSide, Problem>>>({});
  const [attempted, setAttempted] = useState(false);

  const values = {
    realName,
    idNumber,
    docType,
    photos: { front: photos.front?.file, back: photos.back?.file },
  };
  const problems: Partial<Record<KycField, Problem>> = {
    ...(attempted ? checkForm(values) : {}),
    ...photoProblems,
  };
  const message = (field: KycField) => {
    const problem = problems[field];
    return problem ? t(problem.key, problem.params) : undefined;
  };

  const choosePhoto = (side: KycImageSide, file: File) => {
    const problem = checkPhotoFile(file);
    setPhotoProblems(({ [side]: _previous, ...rest }) => (problem ? { ...rest, [side]: problem } : rest));
    setPhoto(side, problem ? undefined : file);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submit.isPending) return;
    setAttempted(true);
    const found = { ...checkForm(values), ...photoProblems };
    if (Object.keys(found).length > 0) {
      if (Object.values(found).some((problem) => problem.missing)) showErrorToast(t('kyc.validation.incomplete'));
      return;
    }
    const { front, back } = values.photos;
    if (!front || !back || !docType) return;
    try {
      await submit.mutateAsync({
        realName: normalizeRealName(realName),
        idNumber: normalizeIdNumber(idNumber),
        docType,
        front,
        back,
      });
    } catch (error) {
      // The server's refusal has been shown already; a lost connection has not.
      if (isUnnotifiedFailure(error)) showErrorToast(t('kyc.uploadFailed'));
      return;
    }
    showToast(t('kyc.uploadSucceeded'));
  };

  const docTypeError = message('docType');
  return (
    <form className="form kyc-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <p className="kyc-intro">{t('kyc.intro')}</p>
      <TextField
        id="kyc-real-name"
        label={t('kyc.realName')}
        autoComplete="name"
        maxLength={REAL_NAME_MAX_LENGTH}
        placeholder={t('kyc.realNamePlaceholder')}
        value={realName}
        onChange={(event) => setRealName(event.target.value)}
        error={message('realName')}
      />
      <TextField
        id="kyc-id-number"
        label={t('kyc.idNumber')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={ID_NUMBER_MAX_LENGTH}
        placeholder={t('kyc.idNumberPlaceholder')}
        value={idNumber}
        onChange={(event) => setIdNumber(event.target.value)}
        error={message('idNumber')}
      />
      <fieldset
        className={docTypeError ? 'doc-type-field doc-type-field-invalid' : 'doc-type-field'}
        aria-describedby={docTypeError ? 'kyc-doc-type-error' : undefined}
      >
        <legend className="text-field-label">{t('kyc.docType')}</legend>
        <div className="doc-type-options">
          {KYC_DOC_TYPES.map((type) => (
            <label
              key={type}
              className={type === docType ? 'doc-type-option doc-type-option-checked' : 'doc-type-option'}
            >
              <input
                className="doc-type-input"
                type="radio"
                name="docType"
                value={type}
                checked={type === docType}
                onChange={() => setDocType(type)}
              />
              <span>{t(`kyc.docTypes.${type}`)}</span>
            </label>
          ))}
        </div>
        {docTypeError && (
          <p id="kyc-doc-type-error" className="text-field-error" role="alert">
            {docTypeError}
          </p>
        )}
      </fieldset>
      <p id={PHOTO_HINT_ID} className="text-field-hint">
        {t('kyc.imageHint', { maxMb: IMAGE_MAX_MEGABYTES })}
      </p>
      <div className="photo-fields">
        <DocumentPhotoField
          id="kyc-front"
          label={t('kyc.front')}
          photo={photos.front}
          error={message('front')}
          hintId={PHOTO_HINT_ID}
          onChoose={(file) => choosePhoto('front', file)}
        />
        <DocumentPhotoField
          id="kyc-back"
          label={t('kyc.back')}
          photo={photos.back}
          error={message('back')}
          hintId={PHOTO_HINT_ID}
          onChoose={(file) => choosePhoto('back', file)}
        />
      </div>
      <p className="kyc-privacy">{t('kyc.privacy')}</p>
      <Button type="submit" color="primary" size="large" block loading={submit.isPending}>
        {t('kyc.submit')}
      </Button>
    </form>
  );
}
