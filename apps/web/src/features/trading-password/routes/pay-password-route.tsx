import { Button } from 'antd-mobile';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { MessageKey } from '@bourse/shared/i18n/types';
import { PASSWORD_MAX_LENGTH } from '@bourse/shared/schemas/auth';
import { useUserInfo } from '../../../lib/api/get-user-info';
import { paths } from '../../../lib/paths';
import { RequestError } from '../../../lib/request-error';
import { showToast } from '../../../lib/toast';
import { useSubmitFailure } from '../../../lib/use-submit-failure';
import { Page } from '../../../ui/page';
import { PageLoading } from '../../../ui/page-loading';
import { QueryError } from '../../../ui/query-error';
import { TextField } from '../../../ui/text-field';
import { TradingPasswordField } from '../../../ui/trading-password-field';
import { useSetTradingPassword } from '../api/set-trading-password';
import { checkConfirmation, checkLoginPassword, checkNewTradingPassword } from '../validation';

type Field = 'proof' | 'password' | 'confirmPassword';

/** Server refusals that concern one field. */
const FIELD_OF_ERROR: Record<string, Field> = {
  OLD_PASSWORD_WRONG: 'proof',
  TRADING_PASSWORD_WRONG: 'proof',
  TRADING_PASSWORD_LOCKED: 'proof',
  REAUTH_REQUIRED: 'proof',
  PASSWORD_MISMATCH: 'confirmPassword',
};

/**
 * /payPwd: the six-digit trading password that confirms withdrawals, trades and subscriptions.
 * The first one is set with the login password; an existing one is changed with itself, or with the
 * login password when the user no longer knows it.
 */
export function PayPasswordRoute() {
  const { t } = useTranslation();
  const user = useUserInfo();
  const exists = user.data?.hasTradingPassword;

  return (
    <Page title={exists ? t('wallet.payPassword.changeTitle') : t('wallet.payPassword.setTitle')}>
      {user.data ? (
        <TradingPasswordForm key={exists ? 'change' : 'set'} exists={exists === true} />
      ) : user.isError ? (
        <div className="wallet-content">
          <QueryError onRetry={() => void user.refetch()} />
        </div>
      ) : (
        <PageLoading />
      )}
    </Page>
  );
}

function TradingPasswordForm({ exists }: { exists: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const save = useSetTradingPassword();
  const onFailure = useSubmitFailure();
  // Changing needs the current trading password, or the login password instead.
  const [withLoginPassword, setWithLoginPassword] = useState(!exists);
  const [proof, setProof] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});

  const problems: Partial<Record<Field, MessageKey>> = {};
  const proofProblem = withLoginPassword
    ? checkLoginPassword(proof)
    : proof
      ? checkNewTradingPassword(proof)
      : 'wallet.payPassword.oldRequired';
  if (proofProblem) problems.proof = proofProblem;
  const passwordProblem = checkNewTradingPassword(password);
  if (passwordProblem) problems.password = passwordProblem;
  const confirmProblem = checkConfirmation(confirmPassword, password);
  if (confirmProblem) problems.confirmPassword = confirmProblem;

  const message = (field: Field) => {
    const problem = attempted ? problems[field] : undefined;
    return serverErrors[field] ?? (problem ? t(problem) : undefined);
  };
  const edit = (field: Field, setter: (value: string) => void) => (value: string) => {
    setter(value);
    setServerErrors(({ [field]: _dropped, ...rest }) => rest);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setAttempted(true);
    if (Object.keys(problems).length > 0) return;
    try {
      await save.mutateAsync(
        withLoginPassword
          ? { password, confirmPassword, loginPassword: proof }
          : { password, confirmPassword, oldPassword: proof },
      );
    } catch (error) {
      onFailure(error);
      const field = error instanceof RequestError && error.errorCode ? FIELD_OF_ERROR[error.errorCode] : undefined;
      if (field) setServerErrors((current) => ({ ...current, [field]: (error as RequestError).message }));
      return;
    }
    showToast(exists ? t('wallet.payPassword.changed') : t('wallet.payPassword.set'));
    // Back to where the user came from (a withdrawal waiting for it), or the personal centre.
    if (location.key !== 'default') void navigate(-1);
    else void navigate(paths.personCenter.getHref(), { replace: true });
  };

  return (
    <form className="form wallet-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <p className="wallet-intro">{t('wallet.payPassword.intro')}</p>
      {withLoginPassword ? (
        <TextField
          id="pay-password-login"
          label={t('wallet.payPassword.loginPassword')}
          type="password"
          autoComplete="current-password"
          maxLength={PASSWORD_MAX_LENGTH}
          hint={t('wallet.payPassword.loginPasswordHint')}
          value={proof}
          onChange={(event) => edit('proof', setProof)(event.target.value)}
          error={message('proof')}
        />
      ) : (
        <TradingPasswordField
          id="pay-password-old"
          label={t('wallet.payPassword.old')}
          value={proof}
          onChange={edit('proof', setProof)}
          error={message('proof')}
        />
      )}
      {exists && (
        <div className="form-links form-links-end">
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setWithLoginPassword(!withLoginPassword);
              setProof('');
              setServerErrors({});
            }}
          >
            {withLoginPassword ? t('wallet.payPassword.useOld') : t('wallet.payPassword.useLogin')}
          </button>
        </div>
      )}
      <TradingPasswordField
        id="pay-password-new"
        label={t('wallet.payPassword.new')}
        hint={t('wallet.tradingPasswordHint')}
        value={password}
        onChange={edit('password', setPassword)}
        error={message('password')}
      />
      <TradingPasswordField
        id="pay-password-confirm"
        label={t('wallet.payPassword.confirm')}
        value={confirmPassword}
        onChange={edit('confirmPassword', setConfirmPassword)}
        error={message('confirmPassword')}
      />
      <Button type="submit" color="primary" size="large" block loading={save.isPending}>
        {exists ? t('wallet.payPassword.changeSubmit') : t('wallet.payPassword.setSubmit')}
      </Button>
    </form>
  );
}
