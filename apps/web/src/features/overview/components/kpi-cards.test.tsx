import { kpiTrend, type OverviewKpi } from '@pinpoint/contracts';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { KPI_PLACEHOLDER_COUNT, KpiCards, KpiCardsLoading } from './kpi-cards';

afterEach(cleanup);

const kpi = (
  key: string,
  value: number,
  previous: number,
  better: 'up' | 'down' | null = 'up',
): OverviewKpi => ({
  key,
  label: key,
  description: `About ${key}`,
  value,
  previous,
  trend: kpiTrend(value, previous),
  better,
});

const card = (name: string) => screen.getByRole('article', { name });

describe('KPI cards', () => {
  it('show the value, the previous period and the trend in words', () => {
    render(
      <KpiCards
        kpis={[
          kpi('Work', 1200, 1000),
          kpi('Alerts', 3, 6, null),
          kpi('Posts', 4, 0),
          kpi('Same', 2, 2),
        ]}
      />,
    );
    expect(screen.getAllByTestId('kpi-card')).toHaveLength(4);
    const work = within(card('Work'));
    expect(work.getByTestId('kpi-value')).toHaveProperty('textContent', '1,200');
    expect(card('Work').textContent).toContain('Up 20% vs previous period');
    expect(card('Work').textContent).toContain('Previous period: 1,000');
    expect(card('Alerts').textContent).toContain('Down 50%');
    // "new" instead of an infinite percentage when there was nothing before.
    expect(card('Posts').textContent).toContain('New: none in the previous period');
    expect(card('Posts').textContent).not.toContain('Infinity');
    // "New" already names the previous period: no "vs previous period" after it.
    expect(card('Posts').textContent).not.toContain('vs previous period');
    expect(card('Same').textContent).toContain('No change');
  });

  it('show money as dollars and link the heading to the page that details the figure', () => {
    render(
      <MemoryRouter>
        <KpiCards
          kpis={[
            {
              ...kpi('Spend', 1_234_567, 1_000_000, null),
              format: 'money',
              link: '/dashboard/roi-center',
            },
            { ...kpi('Leads', 1200, 0), format: 'count', link: '/dashboard/leads-center' },
          ]}
        />
      </MemoryRouter>,
    );
    const spend = within(card('Spend'));
    expect(spend.getByTestId('kpi-value')).toHaveProperty('textContent', '$12,346');
    expect(card('Spend').textContent).toContain('Previous period: $10,000');
    const link = spend.getByRole('link', { name: 'Spend (open the ROI center)' });
    expect(link.getAttribute('href')).toBe('/dashboard/roi-center');
    expect(within(card('Leads')).getByTestId('kpi-value')).toHaveProperty('textContent', '1,200');
    expect(
      within(card('Leads')).getByRole('link', { name: 'Leads (open the leads center)' }),
    ).toBeTruthy();
  });

  it('say so when there are no figures at all', () => {
    render(<KpiCards kpis={[]} />);
    expect(screen.getByText('There are no figures for this company yet.')).toBeTruthy();
    expect(screen.queryByTestId('kpi-card')).toBeNull();
  });

  it('hold the place of every KPI while loading, hidden from screen readers', () => {
    const { container } = render(<KpiCardsLoading />);
    const placeholders = screen.getByTestId('kpi-placeholders');
    expect(placeholders.getAttribute('aria-hidden')).toBe('true');
    expect(container.querySelectorAll('.card')).toHaveLength(KPI_PLACEHOLDER_COUNT);
    // One grey bar per line of a loaded card: label, value, trend, previous, description.
    expect(container.querySelector('.card')?.querySelectorAll('.placeholder')).toHaveLength(5);
    expect(placeholders.textContent).toBe('');
  });
});
