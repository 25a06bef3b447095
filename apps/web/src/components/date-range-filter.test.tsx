import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { selectionFromParams } from '../lib/range-selection';
import { DateRangeFilter } from './date-range-filter';

afterEach(cleanup);

const today = '2025-03-31';

function setup(query = '') {
  const onChange = vi.fn();
  render(
    <DateRangeFilter
      selection={selectionFromParams(new URLSearchParams(query), today)}
      today={today}
      onChange={onChange}
    />,
  );
  return onChange;
}

describe('the date range filter', () => {
  it('shows the range and the comparison range as MM/dd/yyyy', () => {
    setup();
    expect(screen.getByTestId('overview-range').textContent).toBe(
      'Showing 01/01/2025 – 03/31/2025, compared with 10/03/2024 – 12/31/2024',
    );
    expect(screen.getByLabelText('Date range')).toHaveProperty('value', '90_days');
  });

  it('passes a preset on at once', () => {
    const onChange = setup();
    fireEvent.change(screen.getByLabelText('Date range'), { target: { value: '30_days' } });
    expect(onChange).toHaveBeenCalledWith('30_days');
  });

  it('checks a custom range before applying it, with a message on the field', () => {
    const onChange = setup();
    fireEvent.change(screen.getByLabelText('Date range'), { target: { value: 'custom' } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-03-20' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-03-10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onChange).not.toHaveBeenCalled();
    const to = screen.getByLabelText('To');
    expect(to.getAttribute('aria-invalid')).toBe('true');
    const message = document.getElementById(to.getAttribute('aria-describedby') ?? '');
    expect(message?.textContent).toBe('The end date must be on or after the start.');

    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-04-02' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onChange).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-03-25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onChange).toHaveBeenCalledWith('custom', { from: '2025-03-20', to: '2025-03-25' });
  });
});
