import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FilterSelect, optionsOf } from './filter-select';

afterEach(cleanup);

const STATUSES = ['answered', 'missed'] as const;
const LABELS = { answered: 'Answered', missed: 'Missed' };

describe('FilterSelect', () => {
  it('is labelled, offers "All …" first, and hands the page a value or null', () => {
    const onChange = vi.fn();
    render(
      <FilterSelect
        id="outcome"
        label="Outcome"
        allLabel="All outcomes"
        value={null}
        options={optionsOf(STATUSES, LABELS)}
        onChange={onChange}
      />,
    );
    const select = screen.getByLabelText('Outcome') as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual(['All outcomes', 'Answered', 'Missed']);
    expect(select.value).toBe('');
    expect(select.className).toBe('form-select form-select-sm');
    expect(screen.getByText('Outcome').className).toBe('small mb-1 form-label');
    fireEvent.change(select, { target: { value: 'missed' } });
    expect(onChange).toHaveBeenLastCalledWith('missed');
    fireEvent.change(select, { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith(null);
  });

  it('shows the chosen value, and labels options by a function or as themselves', () => {
    render(
      <>
        <FilterSelect
          id="src"
          label="Source"
          allLabel="All sources"
          value="Google"
          options={optionsOf(['Google', 'Yelp'])}
          onChange={() => {}}
        />
        <FilterSelect
          id="kind"
          label="Kind"
          allLabel="All kinds"
          value={undefined}
          options={optionsOf(['a_b'], (v) => v.toUpperCase())}
          onChange={() => {}}
        />
      </>,
    );
    expect((screen.getByLabelText('Source') as HTMLSelectElement).value).toBe('Google');
    expect(screen.getByRole('option', { name: 'A_B' })).toBeTruthy();
  });

  it('takes the regular size, classes for its wrapper and its label, and keeps the label the name', () => {
    render(
      <FilterSelect
        id="channel"
        label="Channel"
        allLabel="All channels"
        value={null}
        options={optionsOf(['email', 'sms'])}
        onChange={() => {}}
        size={undefined}
        className="mb-3"
        labelClassName="visually-hidden"
        testId="channel-filter"
      />,
    );
    const select = screen.getByLabelText('Channel');
    expect(select).toBe(screen.getByTestId('channel-filter'));
    expect(select.id).toBe('channel');
    expect(select.className).toBe('form-select');
    expect(select.parentElement?.className).toBe('mb-3');
    expect(screen.getByText('Channel').className).toContain('visually-hidden');
  });
});
