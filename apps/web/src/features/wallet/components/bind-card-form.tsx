import { Button, Checkbox } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { RequestError } from '../../../lib/request-error';
import { showToast } from '../../../lib/toast';
import { useSubmitFailure } from '../../../lib/use-submit-failure';
import { TextField } from '../../../ui/text-field';
import { useBindCard } from '../api/bind-card';
import {
  CARD_TEXT_MAX_LENGTH,
  IBAN_MAX_LENGTH,
  checkCardForm,
  normalizeIban,
  type CardField,
  type CardFormValues,
} from '../validation';

/** Server refusals that concern one field: their message is shown under it. */
const FIELD_OF_ERROR: Record<string, CardField> = {
  INVALID_IBAN: 'iban',
  CARD_ALREADY_BOUND: 'iban',
  IBAN_BOUND_TO_ANOTHER_ACCOUNT: 'iban',
  CARD_HOLDER_MISMATCH: 'holderName',
  AGREEMENT_REQUIRED: 'agree',
};

export interface BindCardFormProps {
  /** The verified real name: the holder must be exactly this person. */
  realName: string | undefined;
  /** Called when the server says the identity is not (or no longer) verified. */
  onKycRequired: () => void;
}

/** Bank, branch, holder and IBAN of an account in the user's own name, with their confirmation. */
export function BindCardForm({ realName, onKycRequired }: BindCardFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const bind = useBindCard();
  const onFailure = useSubmitFailure();
  const [values, setValues] = useState<CardFormValues>({
    bankName: '',
    branch: '',
    holderName: realName ?? '',
    iban: '',
    agree: false,
  });
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<CardField, string>>>({});
  const problems = attempted ? checkCardForm(values) : {};

  const message = (field: CardField) => {
    const problem = problems[field];
    return serverErrors[field] ?? (problem ? t(problem.key, problem.params) : undefined);
  };
  const change = <F extends CardField>(field: F, value: CardFormValues[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors(({ [field]: _dropped, ...rest }) => rest);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (bind.isPending) return;
    setAttempted(true);
    if (Object.keys(checkCardForm(values)).length > 0) return;
    try {
      await bind.mutateAsync({
        bankName: values.bankName.trim(),
        branch: values.branch.trim(),
        holderName: values.holderName.trim().replace(/\s+/g, ' '),
        iban: normalizeIban(values.iban),
        agree: values.agree,
      });
    } catch (error) {
      onFailure(error);
      if (error instanceof RequestError && error.errorCode) {
        if (error.errorCode === 'KYC_REQUIRED') onKycRequired();
        const field = FIELD_OF_ERROR[error.errorCode];
        if (field) setServerErrors((current) => ({ ...current, [field]: error.message }));
      }
      return;
    }
    showToast(t('wallet.bind.success'));
    void navigate(paths.bankList.getHref(), { replace: true });
  };

  const agreeError = message('agree');
  return (
    <form className="form wallet-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <p className="wallet-intro">{t('wallet.bind.intro')}</p>
      <TextField
        id="bind-bank-name"
        label={t('wallet.cards.bank')}
        autoComplete="off"
        maxLength={CARD_TEXT_MAX_LENGTH}
        placeholder={t('wallet.bind.bankPlaceholder')}
        value={values.bankName}
        onChange={(event) => change('bankName', event.target.value)}
        error={message('bankName')}
      />
      <TextField
        id="bind-branch"
        label={t('wallet.cards.branch')}
        autoComplete="off"
        maxLength={CARD_TEXT_MAX_LENGTH}
        placeholder={t('wallet.bind.branchPlaceholder')}
        value={values.branch}
        onChange={(event) => change('branch', event.target.value)}
        error={message('branch')}
      />
      <TextField
        id="bind-holder"
        label={t('wallet.cards.holder')}
        autoComplete="name"
        maxLength={CARD_TEXT_MAX_LENGTH}
        hint={t('wallet.bind.holderHint')}
        value={values.holderName}
        onChange={(event) => change('holderName', event.target.value)}
        error={message('holderName')}
      />
      <TextField
        id="bind-iban"
        label={t('wallet.cards.iban')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={IBAN_MAX_LENGTH}
        placeholder={t('wallet.bind.ibanPlaceholder')}
        value={values.iban}
        onChange={(event) => change('iban', event.target.value)}
        error={message('iban')}
      />
      <div className="agreement-field">
        <div className="agreement-field-row">
          <Checkbox id="bind-agree" checked={values.agree} onChange={(checked) => change('agree', checked)}>
            {t('wallet.bind.agree')}
          </Checkbox>
        </div>
        {agreeError && (
          <p className="text-field-error" role="alert">
            {agreeError}
          </p>
        )}
      </div>
      <Button type="submit" color="primary" size="large" block loading={bind.isPending}>
        {t('wallet.bind.submit')}
      </Button>
    </form>
  );
}
