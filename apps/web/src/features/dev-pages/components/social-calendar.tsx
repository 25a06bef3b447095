import { type CalendarPost, encodeId, todayIn } from '@pinpoint/contracts';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { Loading } from '../../../components/load-states';
import { paths } from '../../../config/paths';
import { useSelectedClient } from '../../../lib/selected-client';
import { useSocialCalendar } from '../api/social-calendar-api';
import { dayAfterKey, monthOf, monthTitle, monthWeeks, shiftMonth } from '../calendar-month';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const CHANNELS: Record<string, string> = { google: 'Google', facebook: 'Facebook' };

function Chip({ post }: { post: CalendarPost }) {
  const channel = CHANNELS[post.channel] ?? post.channel;
  return (
    <Link
      to={paths.dashboard.postDetail.href(
        post.product_slug,
        encodeId(post.product_id),
        encodeId(post.id),
      )}
      className={`d-block small text-truncate rounded px-1 mb-1 text-decoration-none border ${
        post.state === 'scheduled'
          ? 'border-info bg-info-subtle'
          : 'border-success bg-success-subtle'
      } text-body`}
      title={post.summary}
      data-testid="calendar-chip"
      tabIndex={-1}
    >
      {post.time} {channel} · {post.state === 'scheduled' ? 'Scheduled' : 'Published'}
      <span className="visually-hidden">: {post.summary}</span>
    </Link>
  );
}

/**
 * The social calendar (dev hosts, staff): the selected company's scheduled and published
 * posts across its Google and Facebook channels, a month at a time. The grid follows the
 * ARIA grid pattern: one day cell takes Tab, arrows move by day and week, Home/End to the
 * week's ends, Page Up/Down by month; Enter opens the day's first post.
 */
export function SocialCalendar() {
  const { clients, selected, select } = useSelectedClient();
  const [focusDay, setFocusDay] = useState(() => todayIn());
  const month = monthOf(focusDay);
  const calendar = useSocialCalendar(selected?.id ?? null, month);
  const grid = useRef<HTMLTableElement>(null);
  const moved = useRef(false);
  const weeks = useMemo(() => monthWeeks(month), [month]);
  const byDay = useMemo(() => {
    const map = new Map<string, CalendarPost[]>();
    for (const post of calendar.data?.month === month ? calendar.data.posts : []) {
      map.set(post.day, [...(map.get(post.day) ?? []), post]);
    }
    return map;
  }, [calendar.data, month]);

  // Focus follows the day only after a key moved it, never on first render.
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    grid.current?.querySelector<HTMLElement>(`[data-day="${focusDay}"]`)?.focus();
  });

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    if (event.key === 'Enter') {
      const first = grid.current?.querySelector<HTMLAnchorElement>(`[data-day="${focusDay}"] a`);
      if (first) {
        event.preventDefault();
        first.click();
      }
      return;
    }
    const next = dayAfterKey(focusDay, event.key);
    if (!next) return;
    event.preventDefault();
    moved.current = true;
    setFocusDay(next);
  };

  const total = calendar.data?.month === month ? calendar.data.posts.length : null;
  return (
    <section>
      <h1 className="h3 mb-3">Social calendar</h1>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        {clients.length > 1 && (
          <Form.Select
            aria-label="Company"
            value={selected?.id ?? ''}
            onChange={(e) => select(Number(e.target.value))}
            style={{ maxWidth: 300 }}
          >
            {clients.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </Form.Select>
        )}
        <Button
          variant="outline-secondary"
          size="sm"
          onClick={() => setFocusDay(`${shiftMonth(month, -1)}-01`)}
        >
          ‹ Previous month
        </Button>
        <h2 className="h5 mb-0" id="calendar-title" aria-live="polite" data-testid="calendar-month">
          {monthTitle(month)}
        </h2>
        <Button
          variant="outline-secondary"
          size="sm"
          onClick={() => setFocusDay(`${shiftMonth(month, 1)}-01`)}
        >
          Next month ›
        </Button>
        {total !== null && (
          <span className="text-body-secondary small ms-auto" data-testid="calendar-total">
            {total} post{total === 1 ? '' : 's'} this month
            {calendar.data ? ` (times in ${calendar.data.time_zone})` : ''}
          </span>
        )}
      </div>
      {!selected && <p className="text-body-secondary">Pick a company to see its calendar.</p>}
      {calendar.isError && (
        <Alert variant="danger">The calendar could not be loaded: {calendar.error.message}</Alert>
      )}
      {calendar.isPending && selected && <Loading what="the calendar" />}
      <table
        ref={grid}
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA grid pattern on a table (APG date grid): arrow keys move between day cells
        role="grid"
        aria-labelledby="calendar-title"
        className="table table-bordered table-sm"
        style={{ tableLayout: 'fixed' }}
        onKeyDown={onKeyDown}
      >
        <thead>
          <tr>
            {WEEKDAYS.map((d) => (
              <th key={d} scope="col" className="small text-center">
                <abbr title={d}>{d.slice(0, 3)}</abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.find(Boolean) ?? 'w'}>
              {week.map((day, i) => {
                // biome-ignore lint/suspicious/noArrayIndexKey: a blank cell's place in its week is its identity
                if (!day) return <td key={`empty-${i}`} className="bg-body-tertiary" />;
                const posts = byDay.get(day) ?? [];
                const label = new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
                  weekday: 'long',
                  month: 'long',
                  day: 'numeric',
                  timeZone: 'UTC',
                });
                return (
                  <td
                    key={day}
                    data-day={day}
                    tabIndex={day === focusDay ? 0 : -1}
                    aria-label={`${label}: ${posts.length} post${posts.length === 1 ? '' : 's'}`}
                    onFocus={() => setFocusDay(day)}
                    style={{ height: '6rem', verticalAlign: 'top' }}
                  >
                    <div className="small text-body-secondary" aria-hidden="true">
                      {Number(day.slice(8))}
                    </div>
                    {posts.map((post) => (
                      <Chip key={post.id} post={post} />
                    ))}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
