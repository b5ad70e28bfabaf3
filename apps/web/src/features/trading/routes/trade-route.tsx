import type { KycStatus } from '@bourse/shared/schemas/auth';
import type { InstrumentDetail } from '@bourse/shared/schemas/market';
import type { OrderSide, Position } from '@bourse/shared/schemas/trading';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useUserInfo } from '../../../lib/api/get-user-info';
import { paths } from '../../../lib/paths';
import { Page } from '../../../ui/page';
import { PageLoading } from '../../../ui/page-loading';
import { QueryError } from '../../../ui/query-error';
import { useInstrument } from '../api/get-instrument';
import { usePositions } from '../api/get-positions';
import { InstrumentHeader } from '../components/instrument-header';
import { OrderTicket } from '../components/order-ticket';
import { useLivePrice } from '../use-live-price';
import { positiveId } from '../position-id';
import { useTradingEvents } from '../use-trading-events';
import '../trading.css';

/**
 * /trade?code=X&side=buy|sell[&positionId=N]: the order ticket for one instrument. A sale from a
 * lot may name only the lot; the instrument is then the lot's.
 */
export function TradeRoute() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const side: OrderSide = searchParams.get('side') === 'sell' ? 'sell' : 'buy';
  const positionId = positiveId(searchParams.get('positionId'));
  const positions = usePositions();
  const user = useUserInfo();
  useTradingEvents();

  const requestedCode = searchParams.get('code')?.trim().toUpperCase() || null;
  const code = requestedCode ?? positions.data?.find((lot) => lot.id === positionId)?.code ?? null;
  const instrument = useInstrument(code);

  let content;
  if (code === null && (positionId === null || positions.data)) {
    content = (
      <div className="notice-card">
        <p>{t('trading.ticket.chooseInstrument')}</p>
        <Link className="button-link" to={paths.market.getHref()}>
          {t('trading.ticket.toMarket')}
        </Link>
      </div>
    );
  } else if (!instrument.data || !positions.data || !user.data) {
    content =
      instrument.isError || positions.isError || user.isError ? (
        <div className="trade-content">
          <QueryError onRetry={() => void Promise.all([instrument.refetch(), positions.refetch(), user.refetch()])} />
        </div>
      ) : (
        <PageLoading />
      );
  } else if (!instrument.data.tradingEnabled || instrument.data.status !== 'listed') {
    content = (
      <div className="notice-card">
        <p>{t('trading.ticket.notTradable', { name: instrument.data.name })}</p>
      </div>
    );
  } else {
    content = (
      <LiveTicket
        // A new instrument is a new ticket.
        key={instrument.data.code}
        instrument={instrument.data}
        side={side}
        lots={positions.data.filter((lot) => lot.code === instrument.data.code && lot.status === 'open')}
        positionId={positionId}
        hasTradingPassword={user.data.hasTradingPassword}
        kycStatus={user.data.kycStatus}
      />
    );
  }

  return (
    <Page
      title={t('trading.ticket.title')}
      right={
        <Link className="nav-bar-link" to={paths.transaction.getHref()}>
          {t('trading.orders.short')}
        </Link>
      }
    >
      {content}
    </Page>
  );
}

interface LiveTicketProps {
  instrument: InstrumentDetail;
  side: OrderSide;
  lots: Position[];
  positionId: number | null;
  hasTradingPassword: boolean;
  kycStatus: KycStatus;
}

function LiveTicket({ instrument, side, lots, positionId, hasTradingPassword, kycStatus }: LiveTicketProps) {
  const quote = useLivePrice(instrument.code, instrument.quote) ?? instrument.quote;
  return (
    <div className="trade-content">
      <InstrumentHeader instrument={instrument} quote={quote} />
      <OrderTicket
        instrument={instrument}
        quote={quote}
        initialSide={side}
        lots={lots}
        initialPositionId={positionId}
        hasTradingPassword={hasTradingPassword}
        kycStatus={kycStatus}
      />
    </div>
  );
}
