import { Button } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import type { KycStatus } from '@bourse/shared/schemas/auth';
import type { InstrumentDetail, Quote } from '@bourse/shared/schemas/market';
import type { CostBreakdown, Order, OrderSide, OrderType, Position, TimeInForce } from '@bourse/shared/schemas/trading';
import { parsePrice, priceAtTick, tickSizeText } from '@bourse/shared/price';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useActionKeys } from '../../../lib/idempotency';
import { paths } from '../../../lib/paths';
import { RequestError } from '../../../lib/request-error';
import { showErrorToast, showToast } from '../../../lib/toast';
import { useSubmitFailure } from '../../../lib/use-submit-failure';
import { QuantityStepper } from '../../../ui/quantity-stepper';
import { PriceStepper } from '../../../ui/price-stepper';
import { tradeQuoteQueryOptions, useTradeQuote, type TradeQuoteInput } from '../api/get-trade-quote';
import { usePlaceOrder } from '../api/place-order';
import { amountToCents } from '../figures';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useProblemText } from '../use-problem-text';
import { useTradingFormat } from '../use-trading-format';
import { checkLimitPrice, checkLots, checkShares, checkTradingPassword, type Problem } from '../validation';
import { ChoiceGroup } from './choice-group';
import { CostPreview } from './cost-preview';
import { LotPicker } from './lot-picker';
import { OrderConfirmDialog, type OrderSummary } from './order-confirm-dialog';
import { TicketReadiness, type CashShortfall } from './ticket-readiness';

/** The preview is asked for this long after the last change of the ticket. */
export const QUOTE_DEBOUNCE_MS = 300;

const PASSWORD_ERRORS = new Set(['TRADING_PASSWORD_WRONG', 'TRADING_PASSWORD_LOCKED']);

type Field = 'lots' | 'shares' | 'limitPrice' | 'lot';

export interface OrderTicketProps {
  instrument: InstrumentDetail;
  /** The live quote (last, bid, ask). */
  quote: Quote;
  initialSide: OrderSide;
  /** The investor's open lots of this instrument (what can be sold). */
  lots: readonly Position[];
  initialPositionId: number | null;
  hasTradingPassword: boolean;
  /** The identity review's status: anything but approved is named on the ticket with where to verify. */
  kycStatus: KycStatus;
}

/**
 * The order ticket: buy in lots or sell shares of one lot, at market or with a limit; the costs
 * are previewed from the server as the ticket changes, disclosed again in the confirmation with the
 * trading password, and the order is sent once per user action (Idempotency-Key).
 */
export function OrderTicket({
  instrument,
  quote,
  initialSide,
  lots,
  initialPositionId,
  hasTradingPassword,
  kycStatus,
}: OrderTicketProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const format = useTradingFormat();
  const problemText = useProblemText();
  const onFailure = useSubmitFailure();
  const place = usePlaceOrder();
  const keys = useActionKeys();

  const [side, setSide] = useState<OrderSide>(initialSide);
  const [type, setType] = useState<OrderType>('market');
  const [limitPriceText, setLimitPriceText] = useState('');
  const [timeInForce, setTimeInForce] = useState<TimeInForce>('day');
  const [lotsText, setLotsText] = useState('1');
  const [sharesText, setSharesText] = useState('');
  const [positionId, setPositionId] = useState<number | null>(() => {
    if (initialPositionId !== null && lots.some((lot) => lot.id === initialPositionId)) return initialPositionId;
    return lots.length === 1 ? (lots[0]?.id ?? null) : null;
  });
  const [touched, setTouched] = useState<ReadonlySet<Field>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const [ticketError, setTicketError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{
    summary: OrderSummary;
    breakdown: CostBreakdown;
    body: TradeQuoteInput;
  } | null>(null);
  const [tradingPassword, setTradingPassword] = useState('');
  const [passwordProblem, setPasswordProblem] = useState<Problem | null>(null);
  const [passwordServerError, setPasswordServerError] = useState<string | null>(null);

  const touch = (field: Field) => {
    setTouched((current) => (current.has(field) ? current : new Set([...current, field])));
    setTicketError(null);
  };
  const show = (field: Field) => attempted || touched.has(field);

  const lot = lots.find((candidate) => candidate.id === positionId) ?? null;
  const lotsCheck = checkLots(lotsText);
  const sharesCheck = checkShares(sharesText, lot ? lot.sellable : null);
  const priceCheck = checkLimitPrice(limitPriceText);
  const lotProblem: Problem | null = side === 'sell' && !lot ? { key: 'trading.validation.lotRequired' } : null;

  // The ticket as the server reads it, or null while something is missing or wrong.
  const body = ((): TradeQuoteInput | null => {
    if (type === 'limit' && !priceCheck.ok) return null;
    const terms = {
      code: instrument.code,
      side,
      type,
      ...(type === 'limit' && priceCheck.ok ? { limitPrice: priceCheck.price, timeInForce } : {}),
    };
    if (side === 'buy') return lotsCheck.ok ? { ...terms, lots: lotsCheck.count } : null;
    return lot && sharesCheck.ok ? { ...terms, quantity: sharesCheck.count, positionId: lot.id } : null;
  })();

  // A market order's estimate follows the price it would trade at; a limit order's does not.
  const priceMark = type === 'market' ? (side === 'buy' ? quote.ask : quote.bid) : null;
  const bodyText = useDebouncedValue(body ? JSON.stringify(body) : null, QUOTE_DEBOUNCE_MS);
  const markText = useDebouncedValue(priceMark, QUOTE_DEBOUNCE_MS);
  const debouncedBody = useMemo(() => (bodyText ? (JSON.parse(bodyText) as TradeQuoteInput) : null), [bodyText]);
  const preview = useTradeQuote(body ? debouncedBody : null, markText);
  const breakdown = body ? preview.data : undefined;

  // What the client can tell from the estimate: the cash does not cover the order.
  const cashProblem: Problem | null = useMemo(() => {
    if (!breakdown || breakdown.side !== 'buy' || breakdown.available === null) return null;
    const total = amountToCents(breakdown.total);
    const available = amountToCents(breakdown.available);
    if (total === null || available === null || total <= available) return null;
    return { key: 'trading.validation.insufficientCash' };
  }, [breakdown]);
  // The same shortfall for the list of what is missing, with the figures and where to deposit.
  const cashShortfall: CashShortfall | null =
    cashProblem && breakdown && breakdown.available !== null
      ? {
          available: format.money(breakdown.available),
          total: format.money(breakdown.total),
          none: (amountToCents(breakdown.available) ?? 0) <= 0,
        }
      : null;

  const previewNotice = (() => {
    if (!body) return t('trading.costs.incomplete');
    if (preview.isError && !preview.data) return t('trading.costs.unavailable');
    return undefined;
  })();

  const chooseSide = (next: OrderSide) => {
    setSide(next);
    setTicketError(null);
    setAttempted(false);
  };
  const chooseType = (next: OrderType) => {
    setType(next);
    setTicketError(null);
    // A limit starts at the last price, the usual place to adjust from.
    if (next === 'limit' && !limitPriceText) setLimitPriceText(priceAtTick(quote.last));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (place.isPending) return;
    setAttempted(true);
    setTicketError(null);
    if (!body || cashProblem) return;
    let estimate: CostBreakdown;
    try {
      estimate = await queryClient.ensureQueryData(tradeQuoteQueryOptions(body, priceMark));
    } catch (error) {
      onFailure(error);
      if (error instanceof RequestError && error.kind === 'business') setTicketError(error.message);
      return;
    }
    if (estimate.side === 'buy' && estimate.available !== null) {
      const total = amountToCents(estimate.total);
      const available = amountToCents(estimate.available);
      if (total !== null && available !== null && total > available) {
        setTicketError(problemText({ key: 'trading.validation.insufficientCash' }) ?? null);
        return;
      }
    }
    setPasswordProblem(null);
    setPasswordServerError(null);
    setConfirming({
      body,
      breakdown: estimate,
      summary: {
        name: instrument.name,
        code: instrument.code,
        side,
        type,
        limitPrice: body.limitPrice ?? null,
        timeInForce,
        lots: side === 'buy' ? (body.lots ?? null) : null,
        shares: estimate.quantity,
      },
    });
  };

  const finish = (order: Order) => {
    setConfirming(null);
    setTradingPassword('');
    if (order.status === 'rejected') {
      const message = t('trading.ticket.rejected', { reason: order.rejectReason ?? '' });
      setTicketError(message);
      showErrorToast(message);
      return;
    }
    if (order.status === 'filled') {
      showToast(order.side === 'buy' ? t('trading.ticket.purchaseSucceeded') : t('trading.ticket.saleSucceeded'));
      void navigate(order.positionId !== null ? paths.holdDetail.getHref(order.positionId) : paths.holding.getHref(), {
        replace: true,
      });
      return;
    }
    showToast(t('trading.ticket.orderPlaced'));
    void navigate(paths.transaction.getHref(), { replace: true });
  };

  const onConfirm = async () => {
    if (!confirming || place.isPending) return;
    const problem = checkTradingPassword(tradingPassword);
    setPasswordProblem(problem);
    setPasswordServerError(null);
    if (problem) return;
    const request = { ...confirming.body, timeInForce: confirming.body.timeInForce ?? 'day', tradingPassword };
    const idempotencyKey = keys.keyFor(request);
    let order: Order;
    try {
      order = await place.mutateAsync({ ...request, idempotencyKey });
    } catch (error) {
      keys.settle(error);
      onFailure(error);
      if (error instanceof RequestError && error.kind === 'business') {
        if (error.errorCode && PASSWORD_ERRORS.has(error.errorCode)) {
          // Typed again in the dialog, which stays open.
          setPasswordServerError(error.message);
          setTradingPassword('');
          return;
        }
        // The server's final word on this order (cash, shares, the market): shown on the ticket.
        setConfirming(null);
        setTradingPassword('');
        setTicketError(error.message);
      }
      return;
    }
    keys.settle();
    finish(order);
  };

  const sellable = lot?.sellable ?? null;
  const lotSizeHint =
    instrument.lotSize === 1
      ? t('trading.ticket.lotSizeOne')
      : t('trading.ticket.lotSize', { shares: format.count(instrument.lotSize) });
  const buyShares = lotsCheck.ok ? lotsCheck.count * instrument.lotSize : null;

  return (
    <>
      <form className="form trade-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <ChoiceGroup
          name="trade-side"
          legend={t('trading.ticket.side')}
          hideLegend
          choices={[
            { value: 'buy', label: t('trading.sides.buy') },
            { value: 'sell', label: t('trading.sides.sell') },
          ]}
          value={side}
          onChange={chooseSide}
          tone={(value) => value}
        />
        <ChoiceGroup
          name="trade-type"
          legend={t('trading.ticket.type')}
          choices={[
            { value: 'market', label: t('trading.types.market') },
            { value: 'limit', label: t('trading.types.limit') },
          ]}
          value={type}
          onChange={chooseType}
        />
        {type === 'limit' && (
          <>
            <PriceStepper
              id="trade-limit-price"
              label={t('trading.ticket.limitPrice')}
              decreaseLabel={t('trading.ticket.decrease', { label: t('trading.ticket.limitPrice') })}
              increaseLabel={t('trading.ticket.increase', { label: t('trading.ticket.limitPrice') })}
              value={limitPriceText}
              onChange={(value) => {
                setLimitPriceText(value);
                touch('limitPrice');
              }}
              hint={t('trading.ticket.limitPriceHint', {
                tick: format.price(tickSizeText(parsePrice(priceCheck.ok ? priceCheck.price : quote.last) ?? 0)),
              })}
              error={!priceCheck.ok && show('limitPrice') ? problemText(priceCheck.problem) : undefined}
            />
            <ChoiceGroup
              name="trade-time-in-force"
              legend={t('trading.ticket.validity')}
              choices={[
                { value: 'day', label: t('trading.timeInForce.day') },
                { value: 'gtc', label: t('trading.timeInForce.gtc') },
              ]}
              value={timeInForce}
              onChange={setTimeInForce}
            />
          </>
        )}
        {side === 'buy' ? (
          <QuantityStepper
            id="trade-lots"
            label={t('trading.ticket.lots')}
            decreaseLabel={t('trading.ticket.decrease', { label: t('trading.ticket.lots') })}
            increaseLabel={t('trading.ticket.increase', { label: t('trading.ticket.lots') })}
            value={lotsText}
            onChange={(value) => {
              setLotsText(value);
              touch('lots');
            }}
            error={!lotsCheck.ok && show('lots') ? problemText(lotsCheck.problem) : undefined}
            hint={
              buyShares !== null
                ? `${lotSizeHint} · ${t('trading.ticket.totalShares', { shares: format.count(buyShares) })}`
                : lotSizeHint
            }
          />
        ) : lots.length === 0 ? (
          <p className="notice-inline">{t('trading.ticket.nothingToSell', { name: instrument.name })}</p>
        ) : (
          <>
            <LotPicker
              lots={lots}
              value={positionId}
              onChange={(id) => {
                setPositionId(id);
                touch('lot');
              }}
              error={lotProblem && show('lot') ? problemText(lotProblem) : undefined}
            />
            <QuantityStepper
              id="trade-shares"
              label={t('trading.ticket.shares')}
              decreaseLabel={t('trading.ticket.decrease', { label: t('trading.ticket.shares') })}
              increaseLabel={t('trading.ticket.increase', { label: t('trading.ticket.shares') })}
              value={sharesText}
              onChange={(value) => {
                setSharesText(value);
                touch('shares');
              }}
              max={sellable ?? undefined}
              error={!sharesCheck.ok && show('shares') ? problemText(sharesCheck.problem) : undefined}
              hint={
                sellable !== null ? t('trading.ticket.sellableHint', { shares: format.count(sellable) }) : undefined
              }
            />
            {sellable !== null && sellable > 0 && (
              <div className="withdraw-all">
                <button
                  type="button"
                  className="link-button"
                  onClick={() => {
                    setSharesText(String(sellable));
                    touch('shares');
                  }}
                >
                  {t('trading.ticket.sellAll')}
                </button>
              </div>
            )}
          </>
        )}
        {/* Nothing to sell, nothing to cost. */}
        {!(side === 'sell' && lots.length === 0) && (
          <CostPreview breakdown={breakdown} updating={preview.isFetching} notice={previewNotice} />
        )}
        {cashProblem && (
          <p className="text-field-error" role="alert">
            {problemText(cashProblem)}
          </p>
        )}
        {ticketError && (
          <p className="text-field-error" role="alert">
            {ticketError}
          </p>
        )}
        <TicketReadiness kycStatus={kycStatus} hasTradingPassword={hasTradingPassword} cash={cashShortfall} />
        {hasTradingPassword && (
          <Button
            type="submit"
            color={side === 'sell' ? 'danger' : 'primary'}
            size="large"
            block
            disabled={side === 'sell' && lots.length === 0}
          >
            {side === 'buy' ? t('trading.ticket.submitBuy') : t('trading.ticket.submitSell')}
          </Button>
        )}
      </form>
      <OrderConfirmDialog
        visible={confirming !== null}
        summary={confirming?.summary ?? null}
        breakdown={confirming?.breakdown}
        tradingPassword={tradingPassword}
        onTradingPasswordChange={(value) => {
          setTradingPassword(value);
          setPasswordServerError(null);
          if (passwordProblem) setPasswordProblem(checkTradingPassword(value));
        }}
        passwordError={passwordServerError ?? problemText(passwordProblem)}
        submitting={place.isPending}
        onConfirm={() => void onConfirm()}
        onCancel={() => {
          if (place.isPending) return;
          setConfirming(null);
          setTradingPassword('');
        }}
      />
    </>
  );
}
