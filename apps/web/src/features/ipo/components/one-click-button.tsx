import { Button } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { assetsQueryOptions } from '../../../lib/api/get-assets';
import { useUserInfo } from '../../../lib/api/get-user-info';
import { paths } from '../../../lib/paths';
import { showToast } from '../../../lib/toast';
import { useSubmitFailure } from '../../../lib/use-submit-failure';
import { planOneClick, type OneClickPlan } from '../amounts';
import { openIssuesQueryOptions } from '../api/get-issues';
import { OneClickDialog } from './one-click-dialog';

/**
 * The one-click subscription: reads every open issue and the available cash afresh, shows what it
 * will hold and asks the trading password (OneClickDialog). Without a trading password it leads to
 * setting one.
 */
export function OneClickButton() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const user = useUserInfo();
  const onFailure = useSubmitFailure();
  const [preparing, setPreparing] = useState(false);
  const [plan, setPlan] = useState<{ plan: OneClickPlan; available: string } | null>(null);

  if (user.data && !user.data.hasTradingPassword) {
    return (
      <div className="notice-card offer-notice">
        <p>{t('ipo.oneClick.noTradingPassword')}</p>
        <Link className="button-link" to={paths.payPassword.getHref()}>
          {t('wallet.withdraw.setTradingPassword')}
        </Link>
      </div>
    );
  }

  const open = async () => {
    if (preparing) return;
    setPreparing(true);
    try {
      const [issues, assets] = await Promise.all([
        queryClient.fetchQuery(openIssuesQueryOptions()),
        queryClient.fetchQuery(assetsQueryOptions()),
      ]);
      const next = planOneClick(issues.items, assets.available);
      if (next.lines.length === 0) showToast(t('ipo.oneClick.nothingOpen'));
      else setPlan({ plan: next, available: assets.available });
    } catch (error) {
      onFailure(error);
    } finally {
      setPreparing(false);
    }
  };

  return (
    <div className="ipo-one-click">
      <Button block color="primary" size="large" loading={preparing} onClick={() => void open()}>
        {t('ipo.oneClick.button')}
      </Button>
      <OneClickDialog plan={plan?.plan ?? null} available={plan?.available ?? '0.00'} onClose={() => setPlan(null)} />
    </div>
  );
}
