import { Navigate, useSearchParams } from 'react-router-dom';
import { ORDER_RECORD_FILTERS, paths, type OrderRecordFilter } from '../../../lib/paths';

const isFilter = (value: string | null): value is OrderRecordFilter =>
  value !== null && (ORDER_RECORD_FILTERS as readonly string[]).includes(value);

/**
 * /shares/creatOrder ("account trade order", product spec §2): the spec's address of the order
 * records. The orders have one screen since issue 16, so this opens its "all" tab, keeping the
 * status filter (`?status=filled`).
 */
export function OrderRecordsRoute() {
  const [searchParams] = useSearchParams();
  const raw = searchParams.get('status');
  return <Navigate to={paths.transaction.getHref('all', isFilter(raw) ? raw : undefined)} replace />;
}
