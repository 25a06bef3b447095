import type { HistoryFilters } from '@pinpoint/contracts';
import Form from 'react-bootstrap/Form';
import { FilterSelect, optionsOf } from '../../../components/filter-select';
import { describeSettings } from '../../../components/rank-metrics';
import { formatMonth } from '../../../lib/format';

export interface HistoryFilterValue {
  month: string;
  keyword: string;
  /** A grid config's id as text, '' for every settings. */
  configId: string;
}

/** Month, keyword and settings (grid config) pickers for the scan history. */
export function HistoryFilterBar({
  filters,
  value,
  onChange,
}: {
  filters: HistoryFilters;
  value: HistoryFilterValue;
  onChange: (value: HistoryFilterValue) => void;
}) {
  // A chosen keyword narrows the settings to that keyword's configs.
  const configs = filters.configs.filter((c) => !value.keyword || c.keyword === value.keyword);
  return (
    <Form
      className="d-flex flex-wrap gap-2 mb-3"
      aria-label="Filter scans"
      onSubmit={(e) => e.preventDefault()}
    >
      <Form.Group controlId="history-month" style={{ flex: '1 1 10rem' }}>
        <Form.Label className="small mb-1">Month</Form.Label>
        <Form.Select
          value={value.month}
          onChange={(e) => onChange({ ...value, month: e.target.value })}
        >
          {filters.months.map((month) => (
            <option key={month} value={month}>
              {formatMonth(month)}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <FilterSelect
        id="history-keyword"
        label="Keyword"
        allLabel="All keywords"
        size={undefined}
        style={{ flex: '1 1 10rem' }}
        value={value.keyword || null}
        options={optionsOf(filters.keywords)}
        onChange={(keyword) => onChange({ ...value, keyword: keyword ?? '', configId: '' })}
      />
      <FilterSelect
        id="history-settings"
        label="Settings"
        allLabel="All settings"
        size={undefined}
        style={{ flex: '1 1 14rem' }}
        value={value.configId || null}
        options={configs.map((config) => ({
          value: String(config.id),
          label: `${describeSettings(config)} (${config.frequency})`,
        }))}
        onChange={(configId) => onChange({ ...value, configId: configId ?? '' })}
      />
    </Form>
  );
}
