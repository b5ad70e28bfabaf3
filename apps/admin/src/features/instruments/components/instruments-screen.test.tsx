import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OperatorInfo } from '@bourse/shared/schemas/admin';
import type { InstrumentPatch } from '@bourse/shared/schemas/market';
import type { AdminInstrument, CsvProblemReport, ImportSummary } from '@bourse/shared/schemas/market-admin';
import { fail, ok, stubApi, type RecordedRequest, type StubResponse } from '../../../test/api-stub.ts';
import { ADMIN, TOKEN, configRoute, pageOf, renderApp, waitForTexts } from '../../../test/render-app.tsx';

const SAP: AdminInstrument = {
  code: 'SAP',
  name: 'SAP SE',
  names: {},
  sector: 'technology',
  board: 'main',
  status: 'listed',
  tradingEnabled: true,
  source: 'simulated',
  lotSize: 1,
  currency: 'EUR',
  pe: '41.20',
  industryPe: '30.05',
  sharesOutstanding: 1_228_000_000,
  startPrice: '182.50',
  last: '183.10',
  history: { dailyBars: 1096, firstDate: '2023-11-23', lastDate: '2026-11-23' },
  updatedAt: '2026-11-23T09:00:00.000Z',
};
const MOUTAI: AdminInstrument = {
  ...SAP,
  code: '600519',
  name: 'Kweichow Moutai',
  names: { 'zh-CN': '贵州茅台' },
  sector: 'consumer',
  lotSize: 100,
  status: 'suspended',
  last: '1650.00',
};

const detail = (instrument: AdminInstrument) => ({ ...instrument, minuteBars: 0, imports: [] });

/** A server holding instruments that lists, creates, edits and imports like the real one. */
function stubInstrumentServer(
  options: { operator?: OperatorInfo; importAnswer?: (request: RecordedRequest) => StubResponse } = {},
) {
  const instruments = new Map([SAP, MOUTAI].map((instrument) => [instrument.code, instrument]));
  const list = ({ query }: RecordedRequest) => {
    const q = (query.get('q') ?? '').toLowerCase();
    const status = query.get('status');
    const items = [...instruments.values()]
      .filter((i) => i.code.toLowerCase().includes(q) || i.name.toLowerCase().includes(q))
      .filter((i) => !status || i.status === status)
      .sort((a, b) => a.code.localeCompare(b.code));
    return ok(pageOf(items));
  };
  const routes: Record<string, (request: RecordedRequest) => StubResponse> = {
    ...configRoute,
    'GET /api/admin/me': () => ok(options.operator ?? ADMIN),
    'GET /api/admin/invitations': () => ok(pageOf([])),
    'GET /api/admin/instruments': list,
    'POST /api/admin/instruments': ({ body }) => {
      const input = body as AdminInstrument;
      if (instruments.has(input.code))
        return fail(409, 'INSTRUMENT_CODE_TAKEN', 'An instrument with this code already exists');
      const created: AdminInstrument = {
        ...SAP,
        ...input,
        tradingEnabled: true,
        source: 'simulated',
        last: (body as { startPrice: string }).startPrice,
      };
      instruments.set(created.code, created);
      return ok(detail(created));
    },
  };
  for (const code of instruments.keys()) {
    routes[`PUT /api/admin/instruments/${code}`] = ({ body }) => {
      const current = instruments.get(code);
      if (!current) return fail(404, 'INSTRUMENT_NOT_FOUND', 'No instrument with this code');
      const updated: AdminInstrument = { ...current, ...(body as InstrumentPatch) };
      instruments.set(code, updated);
      return ok(detail(updated));
    };
  }
  for (const code of ['SAP', 'VIX']) {
    routes[`POST /api/admin/instruments/${code}/import`] = options.importAnswer ?? (() => fail(500, 'INTERNAL', 'x'));
  }
  return stubApi(routes);
}

function rowOf(code: string): HTMLElement {
  const row = screen.getByText(code, { selector: 'code' }).closest('tr');
  if (!row) throw new Error(`no table row for ${code}`);
  return row;
}

/**
 * The open drawer or dialog with this title. (Under test every generated id is the same, so a
 * dialog's accessible name cannot be relied on; its title text can.)
 */
async function dialogTitled(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const dialog = screen.getAllByRole('dialog').find((element) => element.textContent?.startsWith(title));
    if (!dialog) throw new Error(`no dialog titled ${title}`);
    return dialog;
  });
}

describe('instruments', () => {
  it('lists instruments, searches and filters by status, switches trading and suspends after confirming', async () => {
    const api = stubInstrumentServer();
    const { user } = await renderApp({ token: TOKEN, path: '/instruments' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Instruments' })).toBeInTheDocument();
    await screen.findByText('SAP', { selector: 'code' });
    const sap = rowOf('SAP');
    expect(sap).toHaveTextContent('SAP SE');
    expect(sap).toHaveTextContent('Technology');
    expect(sap).toHaveTextContent('Main board');
    expect(sap).toHaveTextContent('Listed');
    expect(sap).toHaveTextContent('183.10');
    expect(sap).toHaveTextContent('1096 days, 2023-11-23 – 2026-11-23');
    expect(rowOf('600519')).toHaveTextContent('Suspended');

    await user.type(screen.getByLabelText('Search by code or name'), 'moutai');
    await user.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(screen.queryByText('SAP', { selector: 'code' })).not.toBeInTheDocument());
    expect(api.calls('GET', '/api/admin/instruments').at(-1)?.query.get('q')).toBe('moutai');
    await user.clear(screen.getByLabelText('Search by code or name'));
    await user.click(screen.getByRole('button', { name: /Search/ }));
    await screen.findByText('SAP', { selector: 'code' });

    await user.click(screen.getByRole('radio', { name: 'Suspended' }));
    await waitFor(() => expect(screen.queryByText('SAP', { selector: 'code' })).not.toBeInTheDocument());
    expect(api.calls('GET', '/api/admin/instruments').at(-1)?.query.get('status')).toBe('suspended');
    await user.click(screen.getByRole('radio', { name: 'All' }));
    await screen.findByText('SAP', { selector: 'code' });

    // Trading off, at once and without a dialog.
    const tradingSwitch = within(rowOf('SAP')).getByRole('switch', { name: 'Trading in SAP' });
    expect(tradingSwitch).toBeChecked();
    await user.click(tradingSwitch);
    expect(await screen.findByText('Trading in SAP switched off')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/admin/instruments/SAP').map((c) => c.body)).toEqual([{ tradingEnabled: false }]);
    await waitFor(() => expect(within(rowOf('SAP')).getByRole('switch', { name: 'Trading in SAP' })).not.toBeChecked());

    // Suspension asks first; cancelling changes nothing.
    await user.click(within(rowOf('SAP')).getByRole('button', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Suspend SAP?');
    expect(dialog).toHaveTextContent('investors cannot trade it until it is resumed');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls('PUT', '/api/admin/instruments/SAP')).toHaveLength(1);
    await user.click(within(rowOf('SAP')).getByRole('button', { name: 'Suspend' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('SAP suspended')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/admin/instruments/SAP').at(-1)?.body).toEqual({ status: 'suspended' });
    expect(await within(rowOf('SAP')).findByRole('button', { name: 'Resume' })).toBeInTheDocument();
    expect(rowOf('SAP')).toHaveTextContent('Suspended');
  });

  it('checks the new-instrument form before sending, with names in other languages', async () => {
    const api = stubInstrumentServer();
    const { user } = await renderApp({ token: TOKEN, path: '/instruments' });
    await screen.findByText('SAP', { selector: 'code' });

    await user.click(screen.getByRole('button', { name: 'New instrument' }));
    const drawer = await dialogTitled('New instrument');
    const field = (label: string) => within(drawer).getByLabelText(label);
    await user.clear(field('Lot size (shares)'));
    await user.click(within(drawer).getByRole('button', { name: 'Create instrument' }));
    // Code, name, sector, lot size and start price.
    await waitFor(() => expect(within(drawer).getAllByText('Enter a value')).toHaveLength(5));

    await user.type(field('Code'), 'bad code');
    await user.type(field('Name'), 'Vonovia SE');
    await user.type(field('Sector'), 'real_estate');
    await user.type(field('Lot size (shares)'), '0');
    await user.type(field('P/E ratio'), '12.345');
    await user.type(field('Start price'), '0.00');
    await user.click(within(drawer).getByRole('button', { name: 'Create instrument' }));
    await waitForTexts(drawer, [
      'Use 1–12 characters: A–Z, 0–9, “.” or “-”, starting with a letter or digit',
      'Enter a whole number from 1 to 1,000,000',
      'Enter a number with at most 2 decimals, such as 23.45',
      'Enter a price above 0 with at most 4 decimals, such as 12.50',
    ]);

    // Two names for the same language are refused.
    await user.click(within(drawer).getByRole('button', { name: 'Add a name' }));
    await user.click(within(drawer).getByRole('button', { name: 'Add a name' }));
    const languages = within(drawer).getAllByLabelText('Language');
    const localNames = within(drawer).getAllByLabelText('Name in this language');
    await user.selectOptions(languages[0] as HTMLElement, 'zh-CN');
    await user.type(localNames[0] as HTMLElement, '沃诺维亚');
    await user.selectOptions(languages[1] as HTMLElement, 'zh-CN');
    await user.type(localNames[1] as HTMLElement, '又一个');
    await user.click(within(drawer).getByRole('button', { name: 'Create instrument' }));
    expect(await within(drawer).findAllByText('Each language can have only one name')).not.toHaveLength(0);
    expect(api.calls('POST', '/api/admin/instruments')).toHaveLength(0);

    await user.click(within(drawer).getAllByRole('button', { name: 'Remove' })[1] as HTMLElement);
    await user.clear(field('Code'));
    // Codes are upper case; typing them in lower case is no mistake.
    await user.type(field('Code'), 'vna');
    await user.clear(field('Lot size (shares)'));
    await user.type(field('Lot size (shares)'), '10');
    await user.clear(field('P/E ratio'));
    await user.clear(field('Start price'));
    await user.type(field('Start price'), '27.35');
    await user.clear(field('Shares outstanding'));
    await user.type(field('Shares outstanding'), '822000000');
    await user.click(within(drawer).getByRole('radio', { name: 'New issue' }));
    await user.click(within(drawer).getByRole('button', { name: 'Create instrument' }));

    expect(await screen.findByText('Instrument VNA created')).toBeInTheDocument();
    expect(api.calls('POST', '/api/admin/instruments').map((c) => c.body)).toEqual([
      {
        code: 'VNA',
        name: 'Vonovia SE',
        names: { 'zh-CN': '沃诺维亚' },
        sector: 'real_estate',
        board: 'main',
        lotSize: 10,
        pe: null,
        industryPe: null,
        sharesOutstanding: 822_000_000,
        status: 'ipo',
        startPrice: '27.35',
      },
    ]);
    expect(await screen.findByText('VNA', { selector: 'code' })).toBeInTheDocument();
  });

  it('sends only what an edit changes, and says so when nothing changed', async () => {
    const api = stubInstrumentServer();
    const { user } = await renderApp({ token: TOKEN, path: '/instruments' });
    await screen.findByText('600519', { selector: 'code' });

    await user.click(within(rowOf('600519')).getByRole('button', { name: 'Edit' }));
    const drawer = await dialogTitled('Edit 600519');
    expect(within(drawer).queryByLabelText('Code')).not.toBeInTheDocument();
    expect(within(drawer).getByLabelText('Name in this language')).toHaveValue('贵州茅台');
    // A suspended instrument may be listed again, never made a new issue.
    expect(within(drawer).queryByRole('radio', { name: 'New issue' })).not.toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Nothing has changed')).toBeInTheDocument();

    await user.clear(within(drawer).getByLabelText('Name'));
    await user.type(within(drawer).getByLabelText('Name'), 'Kweichow Moutai Co.');
    await user.click(within(drawer).getByRole('radio', { name: 'Listed' }));
    await user.click(within(drawer).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Changes to 600519 saved')).toBeInTheDocument();
    expect(api.calls('PUT', '/api/admin/instruments/600519').map((c) => c.body)).toEqual([
      { name: 'Kweichow Moutai Co.', status: 'listed' },
    ]);
    expect(await screen.findByText('Kweichow Moutai Co.')).toBeInTheDocument();
  });

  it('shows the report of a refused file line by line, then previews and imports a corrected one', async () => {
    const problems: CsvProblemReport[] = [
      { line: 535, code: 'open_outside_range', detail: 'open 19.240000 is outside low 17.610000 – high 18.570000' },
      { line: 540, code: 'open_outside_range', detail: 'open 17.790000 is outside low 16.850000 – high 17.690000' },
      { line: 4060, code: 'high_below_low', detail: 'high 12.1 is below low 12.5' },
    ];
    const summary: ImportSummary = {
      code: 'VIX',
      dryRun: true,
      isNew: true,
      interval: '1d',
      rowsTotal: 9188,
      firstT: '1990-01-02T00:00:00.000Z',
      lastT: '2026-07-23T00:00:00.000Z',
      first: [{ t: '1990-01-02T00:00:00.000Z', o: '17.24', h: '17.24', l: '17.24', c: '17.24', v: 0 }],
      last: [{ t: '2026-07-23T00:00:00.000Z', o: '17.67', h: '20.31', l: '17.32', c: '18.70', v: 0 }],
      existingBarsInRange: 0,
      replacedBars: 0,
      dailyBarsRolledUp: 0,
    };
    const api = stubInstrumentServer({
      importAnswer: ({ body }) => {
        const { csv, dryRun } = body as { csv: string; dryRun: boolean };
        if (csv.includes('BAD')) {
          return {
            status: 400,
            body: {
              code: 400,
              error: 'CSV_INVALID',
              msg: 'The file has 3 invalid rows; nothing was imported',
              data: null,
              details: { problems, problemsTotal: 1203, rowsTotal: 9235 },
            },
          };
        }
        return ok({ ...summary, dryRun });
      },
    });
    const { user } = await renderApp({ token: TOKEN, path: '/instruments' });
    await screen.findByText('SAP', { selector: 'code' });

    await user.click(screen.getByRole('button', { name: 'Import history' }));
    const dialog = await dialogTitled('Import price history');
    const importButton = within(dialog).getByRole('button', { name: 'Import' });
    expect(importButton).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByText('Choose a CSV file')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a value')).toBeInTheDocument();

    const raw = new File(['DATE,OPEN,HIGH,LOW,CLOSE\nBAD'], 'vix-daily.csv', { type: 'text/csv' });
    await user.upload(within(dialog).getByLabelText('CSV file'), raw);
    await user.type(within(dialog).getByLabelText('Instrument code'), 'vix');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));

    const report = await within(dialog).findByRole('region', {
      name: 'The file has 3 invalid rows; nothing was imported',
    });
    expect(report).toHaveTextContent('The first 3 of 1203 problems are listed.');
    const rows = within(report)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['535', 'Open outside the low–high range', 'open 19.240000 is outside low 17.610000 – high 18.570000'],
      ['540', 'Open outside the low–high range', 'open 17.790000 is outside low 16.850000 – high 17.690000'],
      ['4060', 'High below low', 'high 12.1 is below low 12.5'],
    ]);
    expect(api.calls('POST', '/api/admin/instruments/VIX/import').map((c) => c.body)).toEqual([
      { fileName: 'vix-daily.csv', csv: 'DATE,OPEN,HIGH,LOW,CLOSE\nBAD', dryRun: true },
    ]);
    expect(importButton).toBeDisabled();

    const clean = new File(['DATE,OPEN,HIGH,LOW,CLOSE\n1990-01-02,17.24,17.24,17.24,17.24\n'], 'vix-clean.csv');
    await user.upload(within(dialog).getByLabelText('CSV file'), clean);
    expect(within(dialog).queryByRole('region', { name: /invalid rows/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    const preview = await within(dialog).findByRole('region', { name: 'What the import will do' });
    expect(preview).toHaveTextContent('VIX is new and will be created');
    expect(preview).toHaveTextContent('Daily');
    expect(preview).toHaveTextContent('9188');
    expect(preview).toHaveTextContent('1990-01-02 – 2026-07-23');
    expect(preview).toHaveTextContent('0, of which 0 will be overwritten');
    expect(preview).toHaveTextContent('2026-07-2317.6720.3117.3218.700');

    await user.click(importButton);
    expect(await screen.findByText('9188 bars imported into VIX')).toBeInTheDocument();
    expect(api.calls('POST', '/api/admin/instruments/VIX/import').at(-1)?.body).toEqual({
      fileName: 'vix-clean.csv',
      csv: 'DATE,OPEN,HIGH,LOW,CLOSE\n1990-01-02,17.24,17.24,17.24,17.24\n',
      dryRun: false,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
