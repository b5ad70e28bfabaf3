import { Button, Card, Dialog } from 'antd-mobile';
import type { OnboardingStep, OnboardingStepKey } from '@bourse/shared/schemas/onboarding';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useOnboarding } from '../../../lib/api/get-onboarding';
import { paths } from '../../../lib/paths';
import { useSubmitFailure } from '../../../lib/use-submit-failure';
import { PageLoading } from '../../../ui/page-loading';
import { usePaneShown } from '../../../ui/pane-active';
import { QueryError } from '../../../ui/query-error';
import { useDismissOnboarding } from '../api/dismiss-onboarding';
import '../onboarding.css';

/** Where each step is done. */
const STEP_HREF: Record<OnboardingStepKey, () => string> = {
  identity: () => paths.realNameAuthentication.getHref(),
  tradingPassword: () => paths.payPassword.getHref(),
  card: () => paths.bindCard.getHref(),
  deposit: () => paths.fastPayment.getHref(),
  firstTrade: () => paths.market.getHref(),
  firstSubscription: () => paths.newShares.getHref(),
};

function StepState({ step }: { step: OnboardingStep }) {
  const { t } = useTranslation();
  if (step.key === 'identity' && step.status && !step.done) return <>{t(`kyc.${step.status}`)}</>;
  return <>{step.done ? t('onboarding.done') : t('onboarding.todo')}</>;
}

/**
 * Whether the checklist was put away or completed when last loaded on this device: then home keeps no
 * room for it while it loads (otherwise its placeholder has the card's height), so nothing below jumps
 * when the answer arrives. A hint only: the server's answer decides.
 */
const HIDDEN_STORAGE_KEY = 'onboardingHidden';

/**
 * The getting-started checklist at the top of home (issue 16): identity, trading password, bank
 * card, deposit, first trade, first subscription — each with its state and a link to its screen.
 * Shown until every step is done or the investor puts it away (after confirming).
 */
export function OnboardingChecklist() {
  const { t } = useTranslation();
  const onboarding = useOnboarding();
  const dismiss = useDismissOnboarding();
  const onFailure = useSubmitFailure();
  // Home stays mounted behind the other tabs: each return to it asks again.
  usePaneShown(() => void onboarding.refetch());

  if (onboarding.isPending) {
    return localStorage.getItem(HIDDEN_STORAGE_KEY) ? null : <PageLoading inline className="onboarding-loading" />;
  }
  if (onboarding.isError) return <QueryError onRetry={() => void onboarding.refetch()} />;
  const { steps, dismissed, complete } = onboarding.data;
  if (dismissed || complete) {
    localStorage.setItem(HIDDEN_STORAGE_KEY, '1');
    return null;
  }
  localStorage.removeItem(HIDDEN_STORAGE_KEY);

  const done = steps.filter((step) => step.done).length;
  const onDismiss = async () => {
    const confirmed = await Dialog.confirm({
      'aria-label': t('onboarding.dismissTitle'),
      title: t('onboarding.dismissTitle'),
      content: t('onboarding.dismissBody'),
      confirmText: t('onboarding.dismiss'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    try {
      await dismiss.mutateAsync();
    } catch (error) {
      onFailure(error);
    }
  };

  return (
    <Card
      className="home-card onboarding-card"
      title={<h2 className="card-title">{t('onboarding.title')}</h2>}
      extra={
        <Button size="mini" fill="none" loading={dismiss.isPending} onClick={() => void onDismiss()}>
          {t('onboarding.dismiss')}
        </Button>
      }
    >
      <p className="onboarding-progress">{t('onboarding.progress', { done, total: steps.length })}</p>
      <ol className="onboarding-steps">
        {steps.map((step, index) => (
          <li
            key={step.key}
            className={step.done ? 'onboarding-step onboarding-step-done' : 'onboarding-step'}
            data-step={step.key}
            data-done={step.done}
          >
            <Link className="onboarding-step-link" to={STEP_HREF[step.key]()}>
              <span className="onboarding-step-mark" aria-hidden="true">
                {step.done ? '✓' : index + 1}
              </span>
              <span className="onboarding-step-text">
                <span className="onboarding-step-title">{t(`onboarding.steps.${step.key}`)}</span>
                <span className="onboarding-step-state">
                  <StepState step={step} />
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ol>
    </Card>
  );
}
