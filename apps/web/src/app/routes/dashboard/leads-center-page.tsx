import { type DateRangePreset, type DayRange, todayIn } from '@pinpoint/contracts';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { SelectedCompanyPage } from '../../../components/company-gate';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { LeadsCenter } from '../../../features/leads-center/components/leads-center';
import { paramsForSelection, selectionFromParams } from '../../../lib/range-selection';

/** The browser's zone: ranges are the user's local days (DECISIONS "Data"). */
const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * /dashboard/leads-center: every lead of the selected company from every source, merged by
 * contact, for the range in the address (the other reports' range picker; 90 days by default).
 */
function Component() {
  const [params, setParams] = useSearchParams();
  const today = todayIn();
  const selection = useMemo(() => selectionFromParams(params, today), [params, today]);
  const change = (preset: DateRangePreset, custom?: DayRange) =>
    setParams(paramsForSelection(preset, custom));
  return (
    <SelectedCompanyPage title="Leads center">
      {(company) => (
        <>
          <DateRangeFilter
            key={params.toString()}
            selection={selection}
            today={today}
            onChange={change}
            compare={false}
          />
          <LeadsCenter
            key={company.id}
            companyId={company.id}
            range={selection.range}
            timeZone={TIME_ZONE}
          />
        </>
      )}
    </SelectedCompanyPage>
  );
}

export { Component };
