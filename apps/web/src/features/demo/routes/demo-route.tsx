import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { Page } from '../../../ui/page';

/** The code the tour opens a stock's detail and the order ticket on. */
const TOUR_CODE = 'SAP';

/** The tour's stops, in the order a new investor meets them, each with the screen it shows. */
const STEPS = [
  { key: 'home', href: paths.home.getHref() },
  { key: 'market', href: paths.market.getHref() },
  { key: 'detail', href: paths.detail.getHref(TOUR_CODE) },
  { key: 'ticket', href: paths.trade.getHref(TOUR_CODE, 'buy') },
  { key: 'newShares', href: paths.newShares.getHref() },
  { key: 'fund', href: paths.fund.getHref() },
  { key: 'messages', href: paths.messages.getHref() },
  { key: 'support', href: paths.customerService.getHref() },
] as const;

/**
 * /demo: a guided tour of the app. One step at a time — its title, a short explanation and a
 * "show me" link to the screen — with progress dots, back and next; finishing returns home.
 */
export function DemoRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [index, setIndex] = useState(0);
  const step = STEPS[index]!;
  const last = index === STEPS.length - 1;
  const title = t(`demo.${step.key}Title`);
  return (
    <Page title={t('demo.title')}>
      <p className="page-caption">{t('demo.intro')}</p>
      <section className="demo-step" aria-labelledby="demo-step-title" aria-live="polite">
        <p className="demo-progress-text">{t('demo.progress', { step: index + 1, total: STEPS.length })}</p>
        <h2 id="demo-step-title" className="card-title">
          {title}
        </h2>
        <p>{t(`demo.${step.key}Text`)}</p>
        <Link className="explore-button" to={step.href} aria-label={`${t('demo.showMe')}: ${title}`}>
          {t('demo.showMe')}
        </Link>
      </section>
      <ol className="demo-dots" aria-label={t('demo.steps')}>
        {STEPS.map((item, position) => (
          <li
            key={item.key}
            className={position === index ? 'demo-dot demo-dot-current' : 'demo-dot'}
            aria-current={position === index ? 'step' : undefined}
          >
            <span className="visually-hidden">{t(`demo.${item.key}Title`)}</span>
          </li>
        ))}
      </ol>
      <div className="demo-actions">
        <Button block disabled={index === 0} onClick={() => setIndex(index - 1)}>
          {t('demo.back')}
        </Button>
        <Button block color="primary" onClick={() => (last ? navigate(paths.home.getHref()) : setIndex(index + 1))}>
          {last ? t('demo.finish') : t('demo.next')}
        </Button>
      </div>
    </Page>
  );
}
