import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../lib/i18n.ts';
import { DecisionDialog } from './decision-dialog.tsx';

describe('DecisionDialog', () => {
  it('without a reason: a confirmation that starts on "Cancel"', async () => {
    await changeLanguage('en');
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const onCancel = vi.fn();
    render(
      <DecisionDialog
        open
        title="Pay withdrawal 41?"
        description={<p>Money leaves the bank account.</p>}
        submitText="Pay"
        pending={false}
        onSubmit={onSubmit}
        onCancel={onCancel}
      />,
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Money leaves the bank account.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Pay' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('with a reason: sends nothing until a reason is given, then the reason trimmed', async () => {
    await changeLanguage('en');
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(
      <DecisionDialog
        open
        title="Reject withdrawal 41"
        description={<p>The amount returns to cash.</p>}
        reasonLabel="Reason (sent to the investor)"
        submitText="Reject"
        pending={false}
        onSubmit={onSubmit}
        onCancel={() => undefined}
      />,
    );
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Please give a reason')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(within(dialog).getByLabelText('Reason (sent to the investor)'), '  wrong IBAN ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith('wrong IBAN'));
  });
});
