import { useTranslation } from 'react-i18next';
import type { ColorConvention } from '@bourse/shared/schemas/auth';
import { changeColorConvention, useColorConvention, useColorConventionChoice } from '../../../lib/color-convention';
import { showToast } from '../../../lib/toast';
import { CheckIcon } from '../../../ui/icons';
import { Page } from '../../../ui/page';
import '../settings.css';
import { useDisplayFormat } from '../../../ui/use-display-format';

type Option = 'auto' | ColorConvention;

/**
 * The colour convention: follow the language (Chinese red-up, the others green-up), or always green
 * up / red up. Reachable before login (kept on the device); for an investor also kept in the profile.
 */
export function ColorsRoute() {
  const { t } = useTranslation();
  const choice = useColorConventionChoice();
  const convention = useColorConvention();
  const format = useDisplayFormat();
  const current: Option = choice ?? 'auto';
  const options: Array<{ value: Option; label: string; hint?: string }> = [
    { value: 'auto', label: t('colors.auto'), hint: t('colors.autoHint') },
    { value: 'green-up', label: t('colors.greenUp') },
    { value: 'red-up', label: t('colors.redUp') },
  ];

  const choose = (value: Option) => {
    if (value === current) return;
    void changeColorConvention(value === 'auto' ? null : value);
    showToast(t('colors.changed'));
  };

  return (
    <Page title={t('colors.title')}>
      <p className="page-caption">{t('colors.caption')}</p>
      <fieldset className="choice-list">
        <legend className="visually-hidden">{t('colors.title')}</legend>
        {options.map((option) => {
          const checked = option.value === current;
          return (
            <label
              key={option.value}
              className={checked ? 'choice-list-item choice-list-item-checked' : 'choice-list-item'}
            >
              <input
                className="choice-list-input"
                type="radio"
                name="colorConvention"
                value={option.value}
                checked={checked}
                onChange={() => choose(option.value)}
              />
              <span className="choice-list-label">
                {option.label}
                {option.hint && <span className="colors-hint">{option.hint}</span>}
              </span>
              {checked && <CheckIcon />}
            </label>
          );
        })}
      </fieldset>
      <section className="colors-preview" aria-labelledby="colors-preview-title" data-convention={convention}>
        <h2 id="colors-preview-title" className="colors-preview-title">
          {t('colors.preview')}
        </h2>
        <p className="colors-preview-row">
          <span>{t('colors.rise')}</span>
          <span className="price-rise">{`+${format.decimal('1.25')} %`}</span>
        </p>
        <p className="colors-preview-row">
          <span>{t('colors.fall')}</span>
          <span className="price-fall">{`−${format.decimal('0.80')} %`}</span>
        </p>
      </section>
    </Page>
  );
}
