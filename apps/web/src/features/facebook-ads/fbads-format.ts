import { type FbadsFigures, fbadsRatios } from '@pinpoint/contracts';

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const count = new Intl.NumberFormat('en-US');

export const formatMoney = (cents: number | null) =>
  cents === null ? '—' : money.format(cents / 100);
export const formatCount = (value: number) => count.format(value);
export const formatRate = (rate: number | null) =>
  rate === null ? '—' : `${(rate * 100).toFixed(2)}%`;

/** The report's figures in display order, each with its formatted value. */
export function figureList(f: FbadsFigures) {
  const r = fbadsRatios(f);
  return [
    { key: 'spend', label: 'Spend', value: formatMoney(f.spendCents) },
    { key: 'reach', label: 'Reach (sum of daily reach)', value: formatCount(f.reachDailySum) },
    { key: 'impressions', label: 'Impressions', value: formatCount(f.impressions) },
    { key: 'clicks', label: 'Clicks', value: formatCount(f.clicks) },
    { key: 'ctr', label: 'CTR', value: formatRate(r.ctr) },
    { key: 'cpc', label: 'CPC', value: formatMoney(r.cpcCents) },
    { key: 'leads', label: 'Leads', value: formatCount(f.leads) },
    { key: 'cpl', label: 'Cost per lead', value: formatMoney(r.costPerLeadCents) },
  ];
}
