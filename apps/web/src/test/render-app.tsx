import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import type { ConfigResponse, KefuResponse, UserInfo } from '@bourse/shared/schemas/auth';
import { AppProviders } from '../app/app';
import { AppRoutes } from '../app/router';

/** Shows the router's current location, so tests can check where the guard sent them. */
function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" hidden>
      {location.pathname}
    </output>
  );
}

/** Renders the whole app (guard, routes, screens) at a path (with a query string, if any), as the HashRouter would. */
export function renderApp(path: string, state?: unknown) {
  const [pathname = path, query] = path.split('?');
  return render(
    <AppProviders>
      <MemoryRouter initialEntries={[{ pathname, search: query ? `?${query}` : '', state }]} useTransitions={false}>
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
}

export const sampleUser: UserInfo = {
  id: 7,
  phone: '+4915123456789',
  nickname: 'Ada',
  avatar: null,
  lang: 'en',
  kycStatus: 'approved',
  level: 3,
  creditPoints: 1250,
  hasTradingPassword: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};

export const sampleConfig: ConfigResponse = {
  kf_url: 'https://support.example.com/chat',
  version: '1.4.2',
  minDeposit: '10.00',
  minWithdrawal: '20.00',
  minTransfer: '10.00',
  withdrawalFee: '1.50',
  currency: 'EUR',
  languages: ['de', 'en'],
  defaultLanguage: 'de',
  fees: { commissionRate: '0.0025', commissionMin: '5.00', transactionFeeRate: '0.0001', stampDutyRate: '0.001' },
};

export const sampleSupport: KefuResponse = {
  url: 'https://support.example.com/chat',
  hours: 'Mon–Fri 08:00–20:00',
  online: true,
};
