import { act, render } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RISE_FALL_COLORS, useColorConventionStore } from '../../../lib/color-convention';
import { charts } from '../../../test/fake-lightweight-charts';
import { PortfolioChart } from './portfolio-chart';

vi.mock('lightweight-charts', async () =>
  (await import('../../../test/fake-lightweight-charts')).fakeLightweightCharts(),
);

const DAY = 86_400_000;
const T0 = Date.parse('2026-11-20T23:00:00Z');
const points = (values: number[]) => values.map((value, index) => ({ t: T0 + index * DAY, value }));
const green = RISE_FALL_COLORS['green-up'].rise;
const red = RISE_FALL_COLORS['red-up'].rise;

beforeEach(() => {
  charts.length = 0;
});

describe('the home portfolio chart', () => {
  it('takes the new colours when the investor switches the convention, without a reload', () => {
    act(() => useColorConventionStore.getState().setChoice('green-up'));
    render(<PortfolioChart points={points([480_000, 500_000])} label="Value" />);
    expect(charts).toHaveLength(1);
    const series = charts[0]!.series[0]!;
    expect(series.options).toMatchObject({ lineColor: green, topColor: `${green}55` });

    // Settings: red for rises. The same chart (no new one) recolours its rising line red.
    act(() => useColorConventionStore.getState().setChoice('red-up'));
    expect(charts).toHaveLength(1);
    expect(series.appliedOptions.at(-1)).toEqual({
      lineColor: red,
      topColor: `${red}55`,
      bottomColor: `${red}05`,
    });
    // And back.
    act(() => useColorConventionStore.getState().setChoice('green-up'));
    expect(series.appliedOptions.at(-1)).toMatchObject({ lineColor: green });
  });

  it('draws a fall in the convention’s fall colour, and new points in the colour in force', () => {
    act(() => useColorConventionStore.getState().setChoice('red-up'));
    const view = render(<PortfolioChart points={points([500_000, 480_000])} label="Value" />);
    // Red-up: a fall is green.
    expect(charts[0]!.series[0]!.options).toMatchObject({ lineColor: RISE_FALL_COLORS['red-up'].fall });
    view.rerender(<PortfolioChart points={points([480_000, 500_000])} label="Value" />);
    expect(charts[0]!.removed).toBe(true);
    const series = charts[1]!.series[0]!;
    expect([series.options, ...series.appliedOptions].at(-1)).toMatchObject({ lineColor: red });
  });
});
