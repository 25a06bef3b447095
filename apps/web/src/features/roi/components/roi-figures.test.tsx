import { ROI_NOTE_KEYS, type RoiFigures, type RoiNotes } from '@pinpoint/contracts';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RoiKeyFigures } from './roi-figures';

afterEach(cleanup);

const notes = Object.fromEntries(ROI_NOTE_KEYS.map((k) => [k, `Note about ${k}.`])) as RoiNotes;
const figures = (over: Partial<RoiFigures> = {}): RoiFigures => ({
  spendCents: 150_000,
  adSpendCents: 50_000,
  feesCents: 100_000,
  leads: 10,
  won: 4,
  wonValueCents: 300_000,
  estimatedValueCents: 100_000,
  wonWithoutValue: 2,
  costPerLeadCents: 15_000,
  returnOnSpend: 2,
  winRate: 0.4,
  ...over,
});
const card = (name: string) => within(screen.getByRole('article', { name }));

describe('ROI key figures', () => {
  it('show the six figures with what they are made of and how they are counted', () => {
    render(<RoiKeyFigures totals={figures()} notes={notes} />);
    expect(screen.getAllByTestId('roi-figure')).toHaveLength(6);
    expect(card('Spend').getByTestId('roi-figure-value').textContent).toBe('$1,500');
    expect(card('Spend').getByText('$500 ad spend + $1,000 fees')).toBeTruthy();
    expect(card('Won').getByText('40% of leads')).toBeTruthy();
    expect(card('Return on spend').getByTestId('roi-figure-value').textContent).toBe('2.00×');
    expect(
      card('Won value').getByText(/Includes \$1,000 at the average job value for 2/),
    ).toBeTruthy();
    // The explanation is a native disclosure: a summary that keyboards and readers reach.
    const spendNotes = card('Spend').getByText('How this is counted').closest('details');
    expect(spendNotes?.textContent).toContain('Note about adSpend.');
    expect(spendNotes?.textContent).toContain('Note about fees.');
  });

  it('show a dash, not zero, where there is nothing to divide by', () => {
    render(
      <RoiKeyFigures
        totals={figures({
          spendCents: 0,
          leads: 0,
          won: 0,
          costPerLeadCents: null,
          returnOnSpend: null,
          winRate: null,
        })}
        notes={notes}
      />,
    );
    expect(card('Cost per lead').getByTestId('roi-figure-value').textContent).toBe('—');
    expect(card('Return on spend').getByTestId('roi-figure-value').textContent).toBe('—');
    expect(card('Return on spend').getByText('Nothing spent in the range')).toBeTruthy();
  });
});
