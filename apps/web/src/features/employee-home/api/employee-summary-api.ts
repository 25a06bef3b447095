import { employeeRankSummarySchema } from '@pinpoint/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** `GET /api/localrank/employee/summary`: the employee's clients, latest scans and alerts. */
export function useEmployeeSummary() {
  return useQuery({
    queryKey: ['employee-home', 'summary'],
    queryFn: () => apiRequest('GET', '/api/localrank/employee/summary', employeeRankSummarySchema),
  });
}
