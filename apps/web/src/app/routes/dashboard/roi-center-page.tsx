import { type DateRangePreset, type DayRange, todayIn } from '@pinpoint/contracts';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { SelectedCompanyPage } from '../../../components/company-gate';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { RoiCenter } from '../../../features/roi/components/roi-center';
import { roiParamsForSelection, roiSelectionFromParams } from '../../../features/roi/roi-format';

/**
 * /dashboard/roi-center: what the selected company spent and what it got back, for the
 * range in the address (the other reports' range picker; the last 12 months by default).
 */
function Component() {
  const [params, setParams] = useSearchParams();
  const today = todayIn();
  const selection = useMemo(() => roiSelectionFromParams(params, today), [params, today]);
  const change = (preset: DateRangePreset, custom?: DayRange) =>
    setParams(roiParamsForSelection(preset, custom));
  return (
    <SelectedCompanyPage title="ROI center">
      {(company) => (
        <>
          <DateRangeFilter
            key={params.toString()}
            selection={selection}
            today={today}
            onChange={change}
            compare={false}
          />
          <RoiCenter key={company.id} companyId={company.id} range={selection.range} />
        </>
      )}
    </SelectedCompanyPage>
  );
}

export { Component };
