// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { CountsTools } from './CountsTools';
import { ThresholdingTools } from './ThresholdingTools';

afterEach(cleanup);

describe('ThresholdingTools', () => {
  it('names each slider by its parameter and value, and locks them in update mode', () => {
    const { rerender } = render(
      <ThresholdingTools
        updateMode={false}
        cValue={7}
        neighborhood={11}
        onCValue={() => {}}
        onNeighborhood={() => {}}
        onThreshold={() => {}}
        thresholding={false}
      />,
    );
    expect(screen.getByRole('slider', { name: 'C Value: 7' })).toHaveProperty('value', '7');
    expect(screen.getByRole('slider', { name: 'Neighborhood: 11' })).toHaveProperty('value', '11');
    rerender(
      <ThresholdingTools
        updateMode
        cValue={7}
        neighborhood={11}
        onCValue={() => {}}
        onNeighborhood={() => {}}
        onThreshold={() => {}}
        thresholding={false}
      />,
    );
    expect(screen.getByRole('slider', { name: 'C Value: 7' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Threshold' })).toHaveProperty('disabled', true);
  });
});

describe('CountsTools', () => {
  it('edits each end of the colour scale, keeping the other', () => {
    const changes: Array<{ lower: number; upper: number }> = [];
    render(
      <CountsTools
        countsLoaded
        showCounts
        onShowCounts={() => {}}
        bounds={{ lower: 2, upper: 40 }}
        onBounds={(b) => changes.push(b)}
      />,
    );
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Lower' }), { target: { value: '5' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Upper' }), { target: { value: '30' } });
    expect(changes).toEqual([
      { lower: 5, upper: 40 },
      { lower: 2, upper: 30 },
    ]);
  });
});
