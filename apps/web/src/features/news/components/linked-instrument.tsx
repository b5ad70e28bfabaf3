import { formatPercent } from '@bourse/shared/format';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { useLiveQuote } from '../../../lib/stream';
import { useDisplayFormat } from '../../../ui/use-display-format';
import { useLanguage } from '../../../ui/use-language';

/** Up, down or unchanged, from a signed decimal change. */
const trendOf = (change: string) => (change.startsWith('-') ? 'news-down' : /[1-9]/.test(change) ? 'news-up' : '');

/**
 * A security an article links: code, name and its live price and change (the quote stream's snapshot
 * and updates); a tap opens its detail.
 */
export function LinkedInstrument({ code, name }: { code: string; name: string }) {
  const lang = useLanguage();
  const format = useDisplayFormat();
  const quote = useLiveQuote(code);
  const percent = (value: string) => {
    try {
      return formatPercent(value, { lang, signed: true });
    } catch {
      return value;
    }
  };
  return (
    <li>
      <Link className="news-instrument" to={paths.detail.getHref(code)}>
        <span className="news-instrument-name">
          <strong>{code}</strong> {name}
        </span>
        {quote && (
          <span className="news-instrument-quote" data-testid={`news-quote-${code}`}>
            {format.decimal(quote.last)} <span className={trendOf(quote.changePct)}>{percent(quote.changePct)}</span>
          </span>
        )}
      </Link>
    </li>
  );
}
