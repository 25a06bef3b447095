import { ACTIVITY_PAGE_SIZE, ACTIVITY_TYPE_LABELS, ACTIVITY_TYPES } from '@pinpoint/contracts';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { FilterSelect, optionsOf } from '../../../components/filter-select';
import { LoadError, Loading } from '../../../components/load-states';
import { Pager } from '../../../components/pager';
import { parseActivityType } from '../activity-labels';
import { useActivity } from '../api/activity-api';
import { ActivityList } from './activity-list';

/** The page number in the address, 1 when missing or nonsense. */
function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= 50_000 ? page : 1;
}

/**
 * The activity feed of one company: a type filter and pages of 20, both kept in the address
 * (`?type=…&page=…`) so Back and reload keep the place.
 */
export function ActivityFeed({ companyId }: { companyId: number }) {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const type = parseActivityType(params.get('type'));
  const page = pageOf(params.get('page'));
  const activity = useActivity({ companyId, type, page, pageSize: ACTIVITY_PAGE_SIZE });
  const data = activity.data;
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / ACTIVITY_PAGE_SIZE));

  const go = (next: { type?: string | null; page?: number }) => {
    const out = new URLSearchParams();
    const nextType = next.type === undefined ? type : next.type;
    const nextPage = next.page ?? 1;
    if (nextType) out.set('type', nextType);
    if (nextPage > 1) out.set('page', String(nextPage));
    setParams(out);
  };

  const first = data && data.total > 0 ? data.offset + 1 : 0;
  const last = data ? data.offset + data.items.length : 0;

  return (
    <section aria-labelledby={`${id}-heading`} aria-busy={activity.isFetching}>
      <div className="d-flex flex-wrap align-items-end gap-2 mb-3">
        <h2 id={`${id}-heading`} className="visually-hidden">
          Activity feed
        </h2>
        <FilterSelect
          id={`${id}-type`}
          label="Type"
          allLabel="All types"
          size={undefined}
          style={{ minWidth: 220 }}
          value={type}
          options={optionsOf(ACTIVITY_TYPES, ACTIVITY_TYPE_LABELS)}
          onChange={(next) => go({ type: next })}
        />
        {data && data.total > 0 && (
          <p className="small text-body-secondary mb-2 ms-sm-auto" data-testid="activity-count">
            {first}–{last} of {data.total}
          </p>
        )}
      </div>

      {activity.isPending && <Loading what="activity" />}
      {activity.isError && (
        <LoadError what="The activity" error={activity.error} onRetry={() => activity.refetch()} />
      )}
      {data && data.items.length === 0 && (
        <p className="text-body-secondary">
          {type
            ? `No “${ACTIVITY_TYPE_LABELS[type]}” activity yet.`
            : page > 1
              ? 'There is nothing on this page.'
              : 'No activity yet: work the agency does for you will show here.'}
        </p>
      )}
      {data && data.items.length > 0 && <ActivityList items={data.items} label="Activity" />}

      <Pager
        label="Activity pages"
        page={page}
        pages={pages}
        onPage={(next) => go({ page: next })}
      />
    </section>
  );
}
