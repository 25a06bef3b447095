import { type DateRangePreset, type DayRange, findProduct, todayIn } from '@pinpoint/contracts';
import { type ComponentType, Suspense, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { DateRangeFilter } from '../../../components/date-range-filter';
import type { ProductReportProps } from '../../../components/product-report-props';
import { paramsForSelection, selectionFromParams } from '../../../lib/range-selection';
import { browserTimeZone } from '../../../lib/time-zone';
import { ReviewsReport } from './reviews-report';

/**
 * The product's report for a range (the overview's presets, kept in the address): its own
 * report where one is registered (`Own`, from app/product-reports.ts), the reviews summary for products
 * with reviews, and otherwise a plain word that the report is coming rather than figures
 * that do not exist.
 */
export function ProductReport({
  productId,
  slug,
  own: Own,
  rangeless = false,
}: {
  productId: number;
  slug: string;
  /** The product's own report, where one is registered; the app shell's registry decides. */
  own?: ComponentType<ProductReportProps>;
  /** A report that is a state now rather than figures over a range: no range filter. */
  rangeless?: boolean;
}) {
  const [params, setParams] = useSearchParams();
  // "Today" and the range's days in the user's local time (DECISIONS.md "Data").
  const today = todayIn();
  const selection = useMemo(() => selectionFromParams(params, today), [params, today]);
  const hasReviews = (findProduct(slug)?.subPages as readonly string[] | undefined)?.includes(
    'reviews',
  );
  const change = (preset: DateRangePreset, custom?: DayRange) =>
    setParams(paramsForSelection(preset, custom));

  return (
    <section aria-labelledby="report-title" className="mb-4" data-testid="product-report">
      <h2 id="report-title" className="h5">
        Report
      </h2>
      {Own ? (
        <>
          {!rangeless && (
            <DateRangeFilter
              key={params.toString()}
              selection={selection}
              today={today}
              onChange={change}
            />
          )}
          <Suspense fallback={<p className="text-body-secondary">Loading the report…</p>}>
            <Own
              productId={productId}
              slug={slug}
              range={selection.range}
              previousRange={selection.previous}
              timeZone={browserTimeZone()}
            />
          </Suspense>
        </>
      ) : hasReviews ? (
        <>
          <DateRangeFilter
            key={params.toString()}
            selection={selection}
            today={today}
            onChange={change}
          />
          <ReviewsReport
            productId={productId}
            range={selection.range}
            previousRange={selection.previous}
            timeZone={browserTimeZone()}
          />
        </>
      ) : (
        <p className="text-body-secondary mb-0">
          This product's report is coming: its figures are not synced into Pinpoint yet, so there is
          nothing honest to show for a date range. Your agency can walk you through them meanwhile.
        </p>
      )}
    </section>
  );
}
