import {
  type FormSubmissionList,
  formSubmissionListSchema,
  hostingReportSchema,
  pageSpeedReportSchema,
  pageSpeedRunStartedSchema,
  websiteApiOfSlug,
} from '@pinpoint/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useProductPage } from '../../../lib/api/get-product-page';
import { apiRequest } from '../../../lib/api-client';
import { useRealtimeEvent } from '../../../lib/use-realtime';

export const PAGE_SPEED_KEY = 'page-speed';
export const HOSTING_KEY = 'hosting';
export const SUBMISSIONS_KEY = 'form-submissions';

/** The product's API name (`website`, `webworx`…) from the page's own product query. */
export function useWebsiteApi(productId: number): string | null {
  const page = useProductPage(productId);
  const slug = page.data?.product.slug;
  return slug ? websiteApiOfSlug(slug) : null;
}

/** `POST /api/uni/products/{api}/{productId}/pagespeed`: latest scores, history, the last run. */
export function usePageSpeed(productId: number, api: string | null) {
  return useQuery({
    queryKey: [PAGE_SPEED_KEY, productId],
    enabled: api !== null,
    queryFn: () =>
      apiRequest('POST', `/api/uni/products/${api}/${productId}/pagespeed`, pageSpeedReportSchema),
  });
}

/** "Run now": the run's progress then arrives as `page-speed.progress`. */
export function useRunPageSpeed(productId: number, api: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(
        'POST',
        `/api/uni/products/${api}/${productId}/pagespeed/run`,
        pageSpeedRunStartedSchema,
      ),
    // The request is shown as queued at once; the socket's events move it on from there.
    onSuccess: ({ job }) =>
      queryClient.setQueryData([PAGE_SPEED_KEY, productId], (old: unknown) => {
        const report = pageSpeedReportSchema.safeParse(old);
        return report.success ? { ...report.data, job } : old;
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [PAGE_SPEED_KEY, productId] }),
  });
}

/** Moves the shown run along as the server reports it, and refetches when it ends. */
export function usePageSpeedEvents(productId: number) {
  const queryClient = useQueryClient();
  useRealtimeEvent('page-speed.progress', (event) => {
    if (event.productId !== productId) return;
    queryClient.setQueryData([PAGE_SPEED_KEY, productId], (old: unknown) => {
      const report = pageSpeedReportSchema.safeParse(old);
      if (!report.success || !report.data.job || report.data.job.id > event.jobId) return old;
      return {
        ...report.data,
        job: { ...report.data.job, id: event.jobId, state: event.state, error: event.error },
      };
    });
    if (event.state === 'done' || event.state === 'failed' || event.state === 'queued') {
      void queryClient.invalidateQueries({ queryKey: [PAGE_SPEED_KEY, productId] });
    }
  });
}

/** `POST /api/uni/products/hosting/{productId}/hosting`. */
export function useHosting(productId: number) {
  return useQuery({
    queryKey: [HOSTING_KEY, productId],
    queryFn: () =>
      apiRequest('POST', `/api/uni/products/hosting/${productId}/hosting`, hostingReportSchema),
  });
}

export interface SubmissionFilter {
  page: number;
  q: string;
  from: string;
  to: string;
}

/** `GET /api/uni/products/{api}/{productId}/submissions`, paged and filtered. */
export function useFormSubmissions(
  productId: number,
  api: string | null,
  filter: SubmissionFilter,
  timeZone: string,
) {
  const params = new URLSearchParams({ page: String(filter.page), pageSize: '20' });
  if (filter.q.trim()) params.set('q', filter.q.trim());
  if (filter.from && filter.to) {
    params.set('from', filter.from);
    params.set('to', filter.to);
    params.set('tz', timeZone);
  }
  return useQuery<FormSubmissionList>({
    queryKey: [SUBMISSIONS_KEY, productId, params.toString()],
    enabled: api !== null,
    placeholderData: keepPreviousData,
    queryFn: () =>
      apiRequest(
        'GET',
        `/api/uni/products/${api}/${productId}/submissions?${params}`,
        formSubmissionListSchema,
      ),
  });
}

/** A new message on the site shows at once. */
export function useFormSubmissionEvents(productId: number) {
  const queryClient = useQueryClient();
  useRealtimeEvent('website-form.submitted', (event) => {
    if (event.productId !== productId) return;
    void queryClient.invalidateQueries({ queryKey: [SUBMISSIONS_KEY, productId] });
  });
}
