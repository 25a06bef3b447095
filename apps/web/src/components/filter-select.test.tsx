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
});
