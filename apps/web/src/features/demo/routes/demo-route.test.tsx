import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
import { mockFetch } from '../../../test/fetch-mock';
import { renderApp, sampleConfig, sampleUser } from '../../../test/render-app';

describe('guided tour (/demo)', () => {
  it('steps forward and back with progress dots and show-me links; finishing returns home', async () => {
    useSessionStore.getState().signIn({ token: 'token-1', userInfo: sampleUser });
    useSessionStore.getState().setConfig(sampleConfig);
    mockFetch({});
    const user = userEvent.setup();
    renderApp('/demo');
    expect(await screen.findByRole('heading', { level: 1, name: 'Guided tour' })).toBeInTheDocument();
    const current = () => screen.getByRole('heading', { level: 2 }).textContent;
    expect(current()).toBe('Home');
    expect(screen.getByText('Step 1 of 8')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous step' })).toBeDisabled();
    expect(screen.getAllByRole('listitem')).toHaveLength(8);
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Home');

    const seen = [current()];
    for (let step = 2; step <= 8; step++) {
      await user.click(screen.getByRole('button', { name: 'Next step' }));
      seen.push(current());
      expect(screen.getByText(`Step ${step} of 8`)).toBeInTheDocument();
    }
    expect(seen).toEqual([
      'Home',
      'Market',
      'A stock in detail',
      'Order ticket',
      'New shares',
      'Money-market fund',
      'Messages',
      'Customer service',
    ]);
    await user.click(screen.getByRole('button', { name: 'Previous step' }));
    await user.click(screen.getByRole('button', { name: 'Previous step' }));
    await user.click(screen.getByRole('button', { name: 'Previous step' }));
    await user.click(screen.getByRole('button', { name: 'Previous step' }));
    expect(current()).toBe('Order ticket');
    expect(screen.getByRole('link', { name: 'Show me: Order ticket' })).toHaveAttribute(
      'href',
      '/trade?code=SAP&side=buy',
    );
    await user.click(screen.getByRole('button', { name: 'Previous step' }));
    expect(screen.getByRole('link', { name: 'Show me: A stock in detail' })).toHaveAttribute(
      'href',
      '/detail?code=SAP',
    );
    for (let step = 0; step < 5; step++) await user.click(screen.getByRole('button', { name: 'Next step' }));
    expect(current()).toBe('Customer service');
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/home$/));
  });
});
