import {
  formatInstantDay,
  TIMELINE_POINTS_MAX,
  type TimelineSearchRequestInput,
} from '@pinpoint/contracts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { LoadError, Loading } from '../../../components/load-states';
import { Pager } from '../../../components/pager';
import { formatRank } from '../../../components/rank-metrics';
import { ScrollingTable } from '../../../components/scrolling-table';
import { ApiError } from '../../../lib/api-client';
import { useTimelineSearch } from '../api/timelines-api';
import { pointsBetween } from '../timeline-rows';
import { TimelineChart } from './timeline-chart';

const PAGE_SIZE = 10;

interface Chosen {
  key: string;
  title: string;
  points: Parameters<typeof TimelineChart>[0]['points'];
}

/** Staff search over timelines by client, company name or keyword; a chosen line is charted. */
export function TimelineSearch({
  initialText,
  viewHref,
}: {
  initialText: string;
  viewHref?: (scanId: number) => string;
}) {
  const [text, setText] = useState(initialText);
  const [request, setRequest] = useState<TimelineSearchRequestInput | null>(
    initialText.trim()
      ? { text: initialText.trim(), page: 0, pageSize: PAGE_SIZE, points: TIMELINE_POINTS_MAX }
      : null,
  );
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const search = useTimelineSearch(request);
  const chartHeading = useRef<HTMLHeadingElement>(null);
  const fieldErrors = search.error instanceof ApiError ? search.error.fieldErrors() : {};

  useEffect(() => {
    if (chosen) chartHeading.current?.focus();
  }, [chosen]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChosen(null);
    setRequest({ text: text.trim(), page: 0, pageSize: PAGE_SIZE, points: TIMELINE_POINTS_MAX });
  };

  const data = search.data;
  const pages = data ? Math.max(1, Math.ceil(data.totalCompanies / data.pageSize)) : 1;
  return (
    <>
      <Form
        role="search"
        noValidate
        onSubmit={submit}
        className="d-flex flex-wrap align-items-start gap-2 mb-3"
      >
        <Form.Group controlId="timeline-search-text" style={{ flex: '1 1 16rem', maxWidth: 420 }}>
          <Form.Label className="small mb-1">Client, company name or keyword</Form.Label>
          <Form.Control
            type="search"
            value={text}
            maxLength={100}
            isInvalid={Boolean(fieldErrors.text)}
            aria-invalid={Boolean(fieldErrors.text)}
            aria-describedby={fieldErrors.text ? 'timeline-search-text-error' : undefined}
            onChange={(e) => setText(e.target.value)}
          />
          <Form.Control.Feedback type="invalid" id="timeline-search-text-error">
            {fieldErrors.text}
          </Form.Control.Feedback>
        </Form.Group>
        <Button type="submit" style={{ marginTop: '1.6rem' }}>
          Search
        </Button>
      </Form>
      {request === null && (
        <p className="text-body-secondary">
          Type part of a client's name or a keyword, then search.
        </p>
      )}
      {search.isFetching && !data && <Loading what="timelines" />}
      {search.isError && Object.keys(fieldErrors).length === 0 && (
        <LoadError
          what="The timelines"
          error={search.error}
          onRetry={() => void search.refetch()}
        />
      )}
      {data && data.groups.length === 0 && (
        <p className="text-body-secondary" role="status">
          No timelines match “{request?.text}”.
        </p>
      )}
      {data && data.groups.length > 0 && (
        <section aria-labelledby="timeline-results-title" aria-busy={search.isPlaceholderData}>
          <h2 id="timeline-results-title" className="h5">
            Results{' '}
            <span className="text-body-secondary fw-normal">({data.totalCompanies} clients)</span>
          </h2>
          <ScrollingTable label="Results">
            <Table size="sm" className="align-middle" aria-labelledby="timeline-results-title">
              <thead>
                <tr>
                  <th scope="col">Client</th>
                  <th scope="col">Keyword and settings</th>
                  <th scope="col" className="text-end">
                    Scans
                  </th>
                  <th scope="col" className="text-end">
                    Latest ATRP
                  </th>
                  <th scope="col">Latest scan</th>
                  <th scope="col">
                    <span className="visually-hidden">Chart</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.groups.flatMap((group) =>
                  group.lines.map((line) => {
                    const key = `${group.company_id}-${group.item_id}-${line.display}`;
                    const title = `${group.company_name} · ${line.display}`;
                    const newest = line.points[0];
                    return (
                      <tr key={key}>
                        <td>
                          {group.company_name}
                          <div className="small text-body-secondary">
                            {group.location}
                            {group.item_id === null ? ' · one-off scans' : ''}
                          </div>
                        </td>
                        <td>{line.display}</td>
                        <td className="text-end">{line.points.length}</td>
                        <td className="text-end">{formatRank(newest?.average_total_grid_rank)}</td>
                        <td className="text-nowrap">
                          {newest ? formatInstantDay(newest.date) : '—'}
                        </td>
                        <td>
                          <Button
                            variant="outline-primary"
                            size="sm"
                            aria-pressed={chosen?.key === key}
                            aria-label={`Open the chart of ${title}`}
                            onClick={() =>
                              setChosen({
                                key,
                                title,
                                points: pointsBetween(line.points, null, null),
                              })
                            }
                          >
                            Open chart
                          </Button>
                        </td>
                      </tr>
                    );
                  }),
                )}
              </tbody>
            </Table>
          </ScrollingTable>
          <Pager
            label="Result pages"
            page={(request?.page ?? 0) + 1}
            pages={pages}
            onPage={(next) => {
              setChosen(null);
              setRequest((r) => (r ? { ...r, page: next - 1 } : r));
            }}
          />
        </section>
      )}
      {chosen && (
        <section aria-labelledby="timeline-chart-title" className="mt-4">
          <h2 id="timeline-chart-title" className="h5" tabIndex={-1} ref={chartHeading}>
            Chart: {chosen.title}
          </h2>
          <TimelineChart title={chosen.title} points={chosen.points} viewHref={viewHref} />
        </section>
      )}
    </>
  );
}
