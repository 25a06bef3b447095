import type { HistoryFilters } from '@pinpoint/contracts';
import Form from 'react-bootstrap/Form';
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
      <Form.Group controlId="history-keyword" style={{ flex: '1 1 10rem' }}>
        <Form.Label className="small mb-1">Keyword</Form.Label>
        <Form.Select
          value={value.keyword}
          onChange={(e) => onChange({ ...value, keyword: e.target.value, configId: '' })}
        >
          <option value="">All keywords</option>
          {filters.keywords.map((keyword) => (
            <option key={keyword} value={keyword}>
              {keyword}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group controlId="history-settings" style={{ flex: '1 1 14rem' }}>
        <Form.Label className="small mb-1">Settings</Form.Label>
        <Form.Select
          value={value.configId}
          onChange={(e) => onChange({ ...value, configId: e.target.value })}
        >
          <option value="">All settings</option>
          {configs.map((config) => (
            <option key={config.id} value={String(config.id)}>
              {describeSettings(config)} ({config.frequency})
            </option>
          ))}
        </Form.Select>
      </Form.Group>
    </Form>
  );
}
