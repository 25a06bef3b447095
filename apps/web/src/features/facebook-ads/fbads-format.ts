import { type FbadsFigures, fbadsRatios } from '@pinpoint/contracts';
import { formatCents, formatCount, formatPercent } from '../../lib/format';

/** The report's figures in display order, each with its formatted value. */
export function figureList(f: FbadsFigures) {
  const r = fbadsRatios(f);
  return [
    { key: 'spend', label: 'Spend', value: formatCents(f.spendCents) },
    { key: 'reach', label: 'Reach (sum of daily reach)', value: formatCount(f.reachDailySum) },
    { key: 'impressions', label: 'Impressions', value: formatCount(f.impressions) },
    { key: 'clicks', label: 'Clicks', value: formatCount(f.clicks) },
    { key: 'ctr', label: 'CTR', value: formatPercent(r.ctr, 2) },
    { key: 'cpc', label: 'CPC', value: formatCents(r.cpcCents) },
    { key: 'leads', label: 'Leads', value: formatCount(f.leads) },
    { key: 'cpl', label: 'Cost per lead', value: formatCents(r.costPerLeadCents) },
  ];
}
