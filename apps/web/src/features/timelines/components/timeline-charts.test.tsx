import type { ClientTimelines, TimelineRow } from '@pinpoint/contracts';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { TimelineCharts } from './timeline-charts';

afterEach(cleanup);

const DAY = 86_400_000;

/** A weekly line of `weeks` scans ending today, newest first as the route gives them. */
function line(display: string, weeks: number) {
  const points: TimelineRow[] = Array.from({ length: weeks }, (_, i) => ({
    item_id: 1,
    keyword: display.split(' · ')[0] ?? display,
    size: 3,
    radius: 2,
    date: new Date(Date.now() - i * 7 * DAY).toISOString(),
    average_total_grid_rank: 10 - i / 10,
    company_name: 'Summit',
    display,
    location: 'Austin, TX',
    scan_id: 1000 * display.length + i,
    solv: 30,
  }));
  return { keyword: 'plumber', size: 3, radius: 2, unit: 'mi' as const, display, points };
}

const timelines: ClientTimelines = {
  companyId: 1,
  groups: [
    {
      item_id: 1,
      company_id: 1,
      company_name: 'Summit',
      location: 'Austin, TX',
      lines: [line('plumber · 3×3 · 2 mi', 52)],
    },
  ],
};

// The client-facing variant (non-dev hosts): the browser tests run on localhost, a dev
// host, so this variant is checked here. jsdom cannot draw on a canvas, so the data table
// (the chart's text alternative) is what is read.
describe('TimelineCharts', () => {
  it('charts each line within the chosen period, with its data as a table', async () => {
    render(
      <MemoryRouter>
        <TimelineCharts timelines={timelines} viewHref={(id) => `/scan/${id}`} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('timeline-range').textContent).toMatch(/^Showing \d\d\/\d\d\/\d{4}/);
    const figure = screen.getByRole('figure', { name: /plumber · 3×3 · 2 mi/ });
    expect(within(figure).getByText(/ATRP axis runs downwards/)).toBeTruthy();
    fireEvent.click(within(figure).getByRole('button', { name: 'Show data' }));
    const table = within(figure).getByRole('table', { name: 'plumber · 3×3 · 2 mi: data' });
    // 90 days hold 13 weekly scans (today and 12 weeks back).
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 13);
    expect(
      within(table).getAllByRole('link', { name: 'View scan' })[0]?.getAttribute('href'),
    ).toMatch(/^\/scan\/\d+$/);

    fireEvent.change(screen.getByLabelText('Date range'), { target: { value: 'all' } });
    const all = screen.getByRole('table', { name: 'plumber · 3×3 · 2 mi: data' });
    expect(within(all).getAllByRole('row')).toHaveLength(1 + 52);
  });

  it('says so when there is nothing to chart', () => {
    render(<TimelineCharts timelines={{ companyId: 1, groups: [] }} />);
    expect(screen.getByText('There are no finished scans to chart yet.')).toBeTruthy();
  });
});
