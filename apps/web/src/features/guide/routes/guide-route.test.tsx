import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
import { mockFetch } from '../../../test/fetch-mock';
import { renderApp, sampleConfig } from '../../../test/render-app';

describe('guide to getting started (/anleitung)', () => {
  it('opens without login, lists the seven steps in order with links, and a step leads to login', async () => {
    useSessionStore.getState().setConfig(sampleConfig);
    mockFetch({});
    const user = userEvent.setup();
    renderApp('/anleitung');
    expect(await screen.findByRole('heading', { level: 1, name: 'Getting started' })).toBeInTheDocument();
    expect(screen.getByText('Each step opens its screen once you have logged in.')).toBeInTheDocument();
    const titles = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(titles).toEqual([
      '1Verify your identity',
      '2Set the trading password',
      '3Bind a bank card',
      '4Deposit money',
      '5Trade shares',
      '6Subscribe to new shares',
      '7Use the balance product',
    ]);
    expect(screen.getByRole('link', { name: 'Open: Verify your identity' })).toHaveAttribute(
      'href',
      '/realNameAuthentication',
    );
    expect(screen.getByRole('link', { name: 'Open: Deposit money' })).toHaveAttribute('href', '/bankIn');
    await user.click(screen.getByRole('link', { name: 'Open: Bind a bank card' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
  });
});
