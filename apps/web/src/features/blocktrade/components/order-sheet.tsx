import { Button, Dialog } from 'antd-mobile';
import type { BlockOffer } from '@bourse/shared/schemas/blocktrade';
import { tradingPasswordPattern } from '@bourse/shared/schemas/auth';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useActionKeys } from '../../../lib/idempotency';
import { RequestError } from '../../../lib/request-error';
import { showToast } from '../../../lib/toast';
import { useSubmitFailure } from '../../../lib/use-submit-failure';
import { QuantityStepper } from '../../../ui/quantity-stepper';
import { StatList } from '../../../ui/stat-list';
import { TradingPasswordField } from '../../../ui/trading-password-field';
import { useDisplayFormat } from '../../../ui/use-display-format';
import { cashMinor, orderAmount, orderAmountMinor } from '../amounts';
import { usePlaceBlockOrder } from '../api/place-order';

/** The refusals about the number of shares, shown at the quantity field (the server's codes). */
const QUANTITY_CODES = new Set([
  'BLOCK_BELOW_MINIMUM',
  'BLOCK_QUANTITY_UNAVAILABLE',
  'QUANTITY_NOT_WHOLE',
  'QUANTITY_NOT_POSITIVE',
  'QUANTITY_TOO_LARGE',
]);

type QuantityProblem =
  | 'blockTrade.validation.quantityRequired'
  | 'blockTrade.validation.belowMinimum'
  | 'blockTrade.validation.aboveAvailable';

function checkQuantity(text: string, offer: BlockOffer): QuantityProblem | null {
  const value = text.trim();
  if (!value || !/^\d+$/.test(value) || Number(value) === 0) return 'blockTrade.validation.quantityRequired';
  if (Number(value) < offer.minQuantity) return 'blockTrade.validation.belowMinimum';
  if (Number(value) > offer.availableQuantity) return 'blockTrade.validation.aboveAvailable';
  return null;
}

export interface OrderSheetProps {
  offer: BlockOffer | null;
  /** Available cash (a wire amount). */
  available: string;
  onClose: () => void;
  onPlaced: () => void;
}

/**
 * The order sheet of one offer: a quantity from the minimum up to what is left, the amount it will
 * hold, the available cash, and the trading password; sent once per action (Idempotency-Key).
 */
export function OrderSheet({ offer, available, onClose, onPlaced }: OrderSheetProps) {
  const { t } = useTranslation();
  const title = offer ? t('blockTrade.sheetTitle', { name: offer.name }) : '';
  return (
    <Dialog
      visible={offer !== null}
      aria-label={title}
      title={title}
      content={
        offer && <OrderForm key={offer.id} offer={offer} available={available} onClose={onClose} onPlaced={onPlaced} />
      }
      onClose={onClose}
      destroyOnClose
      bodyClassName="order-confirm-body"
    />
  );
}

function OrderForm({ offer, available, onClose, onPlaced }: OrderSheetProps & { offer: BlockOffer }) {
  const { t } = useTranslation();
  const format = useDisplayFormat();
  const onFailure = useSubmitFailure();
  const place = usePlaceBlockOrder();
  const keys = useActionKeys();
  const [quantityText, setQuantityText] = useState(String(offer.minQuantity));
  const [password, setPassword] = useState('');
  const [attempted, setAttempted] = useState(false);
  const [quantityServerError, setQuantityServerError] = useState<string | null>(null);
  const [passwordServerError, setPasswordServerError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const problem = checkQuantity(quantityText, offer);
  const quantity = problem ? null : Number(quantityText.trim());
  const amount = quantity === null ? null : orderAmount(offer.price, quantity);
  const short = quantity !== null && (orderAmountMinor(offer.price, quantity) ?? 0) > cashMinor(available);
  const passwordProblem = !password
    ? t('wallet.validation.tradingPasswordRequired')
    : tradingPasswordPattern.test(password)
      ? null
      : t('wallet.validation.tradingPasswordFormat');
  const quantityError =
    quantityServerError ??
    (problem && (attempted || quantityText !== String(offer.minQuantity))
      ? t(problem, { min: format.count(offer.minQuantity), max: format.count(offer.availableQuantity) })
      : undefined);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (place.isPending) return;
    setAttempted(true);
    setFormError(null);
    if (quantity === null || passwordProblem || short) return;
    // The price shown goes with the order: a price changed meanwhile is refused, not charged.
    const body = { quantity, tradingPassword: password, price: offer.price };
    const idempotencyKey = keys.keyFor({ offerId: offer.id, ...body });
    try {
      await place.mutateAsync({ ...body, offerId: offer.id, idempotencyKey });
    } catch (error) {
      keys.settle(error);
      onFailure(error);
      if (!(error instanceof RequestError) || error.kind !== 'business') return;
      const code = error.errorCode ?? '';
      if (code.startsWith('TRADING_PASSWORD')) {
        setPasswordServerError(error.message);
        setPassword('');
      } else if (QUANTITY_CODES.has(code)) setQuantityServerError(error.message);
      else setFormError(error.message);
      return;
    }
    keys.settle();
    showToast(t('blockTrade.placed'));
    onPlaced();
  };

  return (
    <form className="order-confirm" noValidate onSubmit={(event) => void onSubmit(event)}>
      <StatList
        items={[
          { key: 'price', label: t('blockTrade.fields.price'), value: format.decimal(offer.price) },
          { key: 'available', label: t('assets.available'), value: format.money(available) },
        ]}
      />
      <QuantityStepper
        id="block-quantity"
        label={t('blockTrade.fields.quantity')}
        decreaseLabel={t('trading.ticket.decrease', { label: t('blockTrade.fields.quantity') })}
        increaseLabel={t('trading.ticket.increase', { label: t('blockTrade.fields.quantity') })}
        value={quantityText}
        min={offer.minQuantity}
        max={offer.availableQuantity}
        onChange={(value) => {
          setQuantityText(value);
          setQuantityServerError(null);
          setFormError(null);
        }}
        error={quantityError}
        hint={t('blockTrade.quantityHint', {
          min: format.count(offer.minQuantity),
          max: format.count(offer.availableQuantity),
        })}
      />
      <p className="sum-line">
        <span>{t('blockTrade.fields.amount')}</span>
        <strong aria-live="polite">{amount === null ? '–' : format.money(amount)}</strong>
      </p>
      {short && (
        <p className="text-field-error" role="alert">
          {t('blockTrade.validation.insufficientCash')}
        </p>
      )}
      <TradingPasswordField
        id="block-trading-password"
        label={t('wallet.tradingPassword')}
        hint={t('wallet.tradingPasswordHint')}
        value={password}
        onChange={(value) => {
          setPassword(value);
          setPasswordServerError(null);
        }}
        error={passwordServerError ?? (attempted && passwordProblem ? passwordProblem : undefined)}
      />
      {formError && (
        <p className="text-field-error" role="alert">
          {formError}
        </p>
      )}
      <div className="order-confirm-actions">
        <Button type="button" size="large" fill="outline" onClick={onClose} disabled={place.isPending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" size="large" color="primary" loading={place.isPending}>
          {t('blockTrade.submit')}
        </Button>
      </div>
    </form>
  );
}
