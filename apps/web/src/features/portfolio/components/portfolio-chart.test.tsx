import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RISE_FALL_COLORS, useColorConventionStore } from '../../../lib/color-convention';
import { chartPath, chartPoints, PortfolioChart } from './portfolio-chart';

const DAY = 86_400_000;
const T0 = Date.parse('2026-11-20T23:00:00Z');
const points = (values: number[]) => values.map((value, index) => ({ t: T0 + index * DAY, value }));
const green = RISE_FALL_COLORS['green-up'].rise;
const red = RISE_FALL_COLORS['red-up'].rise;

/** The drawn line's corners, as numbers. */
const corners = (d: string) =>
  d
    .slice(1)
    .split('L')
    .map((pair) => pair.split(',').map(Number) as [number, number]);
const line = (container: HTMLElement) => container.querySelector('.portfolio-chart-line')!;

describe('the home portfolio chart', () => {
  it('plots one point per second in time order, in major units', () => {
    expect(
      chartPoints([
        { t: T0 + 2_000, value: 300 },
        { t: T0, value: 100 },
        { t: T0 + 2_500, value: 400 },
      ]),
    ).toEqual([
      { time: T0 / 1000, value: 1 },
      { time: T0 / 1000 + 2, value: 4 },
    ]);
  });

  it('spaces the points across the width and scales the values between the lowest and the highest', () => {
    const { line: d, area } = chartPath([10, 30, 20], 100, 100);
    // The lowest value at the bottom margin, the highest at the top one, the middle between.
    expect(corners(d)).toEqual([
      [0, 90],
      [50, 10],
      [100, 50],
    ]);
    // The area closes the line along the bottom edge.
    expect(area).toBe(`${d}L100,100L0,100Z`);
    // A flat series is a line across the middle; one point too; none draws nothing.
    expect(corners(chartPath([5, 5], 100, 100).line)).toEqual([
      [0, 50],
      [100, 50],
    ]);
    expect(corners(chartPath([5], 100, 100).line)).toEqual([
      [0, 50],
      [100, 50],
    ]);
    expect(chartPath([], 100, 100)).toEqual({ line: '', area: '' });
    // A long series (more values than a call takes arguments) is scaled too.
    const long = chartPath(
      Array.from({ length: 300_000 }, (_, index) => index),
      100,
      100,
    );
    expect(corners(long.line).at(-1)).toEqual([100, 10]);
  });

  it('takes the new colours when the investor switches the convention, without a reload', () => {
    act(() => useColorConventionStore.getState().setChoice('green-up'));
    const { container, getByRole } = render(<PortfolioChart points={points([480_000, 500_000])} label="Value" />);
    expect(getByRole('img', { name: 'Value' })).toHaveAttribute('data-trend', 'rise');
    expect(line(container)).toHaveAttribute('stroke', green);
    expect(container.querySelector('stop')).toHaveAttribute('stop-color', `${green}55`);

    // Settings: red for rises. The rising line turns red.
    act(() => useColorConventionStore.getState().setChoice('red-up'));
    expect(line(container)).toHaveAttribute('stroke', red);
    expect(container.querySelector('stop')).toHaveAttribute('stop-color', `${red}55`);
    // And back.
    act(() => useColorConventionStore.getState().setChoice('green-up'));
    expect(line(container)).toHaveAttribute('stroke', green);
  });

  it('draws a fall in the convention’s fall colour, and new points in the colour in force', () => {
    act(() => useColorConventionStore.getState().setChoice('red-up'));
    const view = render(<PortfolioChart points={points([500_000, 480_000])} label="Value" />);
    // Red-up: a fall is green.
    expect(line(view.container)).toHaveAttribute('stroke', RISE_FALL_COLORS['red-up'].fall);
    expect(corners(line(view.container).getAttribute('d')!)).toHaveLength(2);
    view.rerender(<PortfolioChart points={points([480_000, 490_000, 500_000])} label="Value" />);
    expect(line(view.container)).toHaveAttribute('stroke', red);
    const drawn = corners(line(view.container).getAttribute('d')!);
    expect(drawn).toHaveLength(3);
    // Rising: the last point is drawn above the first.
    expect(drawn.at(-1)![1]).toBeLessThan(drawn[0]![1]);
    // The area's fill is this chart's own gradient.
    const gradient = view.container.querySelector('linearGradient')!.id;
    expect(view.container.querySelector('.portfolio-chart-area')).toHaveAttribute('fill', `url(#${gradient})`);
  });
});
