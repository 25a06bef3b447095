import { type DateRangePreset, type DayRange, findProduct, todayIn } from '@pinpoint/contracts';
import { useMemo } from 'react';
import { useLoaderData, useMatches, useSearchParams } from 'react-router';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { AllAds } from '../../../features/google-ads/components/all-ads';
import { paramsForSelection, selectionFromParams } from '../../../lib/range-selection';

/**
 * /dashboard/products/{slug}/{product_id}/all-ads (Google Ads, Ads Xpress): every ad with
 * its figures for the range (the overview's range picker, kept in the address) and the
 * image assets, inside the product frame. The loader decoded the product id.
 */
function Component() {
  const { ids } = useLoaderData() as { ids: Record<string, number> };
  const productId = ids.product_id ?? 0;
  const handle = useMatches().at(-1)?.handle as { productSub?: { slug: string } } | undefined;
  const slug = handle?.productSub?.slug ?? '';
  const [params, setParams] = useSearchParams();
  const today = todayIn();
  const selection = useMemo(() => selectionFromParams(params, today), [params, today]);
  const change = (preset: DateRangePreset, custom?: DayRange) =>
    setParams(paramsForSelection(preset, custom));
  return (
    <section>
      <h1 className="h3 mb-3">
        {/* The frame above shows the product; the heading names it for those who jump to it. */}
        <span className="visually-hidden">{findProduct(slug)?.name ?? 'Product'}: </span>
        All ads
      </h1>
      <DateRangeFilter
        key={params.toString()}
        selection={selection}
        today={today}
        onChange={change}
      />
      <AllAds key={productId} productId={productId} range={selection.range} />
    </section>
  );
}

export { Component };
