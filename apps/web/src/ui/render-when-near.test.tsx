import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RENDER_AHEAD_PX, RenderWhenNear } from './render-when-near';

const at = (top: number) => ({
  top,
  bottom: top + 2_000,
  left: 0,
  right: 390,
  width: 390,
  height: 2_000,
  x: 0,
  y: top,
  toJSON: () => ({}),
});

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

async function settle() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(1_000);
  });
}

const renders = vi.fn();
function Section() {
  renders();
  return <p>Market</p>;
}

describe('RenderWhenNear', () => {
  it('renders nothing of a block far below the screen, keeps its room, and renders it once scrolled near', async () => {
    const rect = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(at(5_000));
    const { container } = render(
      <RenderWhenNear minHeightPx={2_150}>
        <Section />
      </RenderWhenNear>,
    );
    await settle();
    expect(renders).not.toHaveBeenCalled();
    expect(screen.queryByText('Market')).toBeNull();
    expect(container.firstElementChild).toHaveStyle({ minHeight: '2150px' });

    rect.mockReturnValue(at(window.innerHeight + RENDER_AHEAD_PX - 10));
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    await settle();
    expect(screen.getByText('Market')).toBeInTheDocument();

    // Kept once rendered, wherever it is scrolled to.
    rect.mockReturnValue(at(-10_000));
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    await settle();
    expect(screen.getByText('Market')).toBeInTheDocument();
  });
});
