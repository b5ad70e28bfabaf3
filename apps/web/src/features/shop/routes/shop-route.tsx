import type { Products } from '@bourse/shared/schemas/products';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { useSessionStore } from '../../../lib/session-store';
import { Page } from '../../../ui/page';
import { PageLoading } from '../../../ui/page-loading';
import { QueryError } from '../../../ui/query-error';
import { useDisplayFormat, type DisplayFormat } from '../../../ui/use-display-format';
import { useProducts } from '../api/get-products';

type ProductKey = 'shares' | 'newShares' | 'blockTrade' | 'fund' | 'loans';

/** A decimal fraction as a percentage with up to four decimals ("0.0025" → "0,25 %"). */
function fractionPercent(format: DisplayFormat, fraction: string): string {
  const hundredths = Math.round(Number(fraction) * 1_000_000) / 10_000;
  return `${format.decimal(String(hundredths))} %`;
}

/** The conditions of each product, as label and value, from the server's figures. */
function conditionsOf(key: ProductKey, data: Products, format: DisplayFormat, t: TFunction): Array<[string, string]> {
  const commission = t('shop.commissionValue', {
    rate: fractionPercent(format, data.shares.commissionRate),
    min: format.money(data.shares.commissionMin),
  });
  switch (key) {
    case 'shares':
      return [
        [t('shop.commission'), commission],
        [t('shop.transactionFee'), fractionPercent(format, data.shares.transactionFeeRate)],
        [t('shop.stampDuty'), fractionPercent(format, data.shares.stampDutyRate)],
        [t('shop.settlement'), data.shares.tPlusOne ? t('shop.tPlusOne') : t('shop.sameDay')],
        [t('shop.minDeposit'), format.money(data.wallet.minDeposit)],
      ];
    case 'newShares':
      return [
        [t('shop.subscriptionCost'), t('shop.subscriptionCostValue')],
        [t('shop.commission'), commission],
      ];
    case 'blockTrade':
      return [
        [t('shop.blockPrice'), t('shop.blockPriceValue')],
        [t('shop.commission'), commission],
      ];
    case 'fund':
      return [
        [t('shop.fundRate'), `${format.decimal(data.fund.rate)} %`],
        [t('shop.fundSettlement'), t('shop.fundSettlementValue')],
      ];
    case 'loans':
      return [
        [t('shop.loanRate'), `${format.decimal(data.loans.rate)} %`],
        [t('shop.loanTerms'), t('shop.loanTermsValue', { days: data.loans.termsDays.join(', ') })],
        ...data.loans.limits.map((limit): [string, string] => [
          t('shop.loanLimit', { level: limit.level }),
          format.money(limit.limit),
        ]),
      ];
  }
}

const PRODUCTS: ReadonlyArray<{ key: ProductKey; href: string }> = [
  { key: 'shares', href: paths.market.getHref() },
  { key: 'newShares', href: paths.newShares.getHref() },
  { key: 'blockTrade', href: paths.blockTrade.getHref() },
  { key: 'fund', href: paths.fund.getHref() },
  { key: 'loans', href: paths.loan.getHref() },
];

/**
 * /shop, open without login: the products on offer with their conditions as the server has them
 * now, each linking to its screen (which asks for a login first when there is none).
 */
export function ShopRoute() {
  const { t } = useTranslation();
  const format = useDisplayFormat();
  const products = useProducts();
  const loggedIn = useSessionStore((state) => state.token !== null);
  const data = products.data;
  return (
    <Page title={t('shop.title')}>
      <p className="page-caption">{t('shop.intro')}</p>
      {!loggedIn && <p className="page-caption">{t('shop.loggedOut')}</p>}
      {products.isError && <QueryError onRetry={() => void products.refetch()} />}
      {!data && !products.isError && <PageLoading inline />}
      {data && (
        <ul className="shop-products">
          {PRODUCTS.map((product) => (
            <li key={product.key} className="shop-product">
              <h2 className="card-title">{t(`shop.${product.key}Title`)}</h2>
              <p>{t(`shop.${product.key}Text`)}</p>
              <dl className="shop-conditions">
                {conditionsOf(product.key, data, format, t).map(([label, value]) => (
                  <div key={label} className="shop-condition">
                    <dt>{label}</dt>
                    <dd>{value}</dd>
                  </div>
                ))}
              </dl>
              <Link
                className="explore-button explore-button-primary"
                to={product.href}
                aria-label={`${t('shop.open')}: ${t(`shop.${product.key}Title`)}`}
              >
                {t('shop.open')}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
