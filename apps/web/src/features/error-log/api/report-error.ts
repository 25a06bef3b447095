import { appConfigSchema, errorLogCreatedSchema } from '@pinpoint/contracts';
import { apiRequest } from '../../../lib/api-client';
import { buildErrorReport } from '../../../lib/error-report';

/**
 * Sends an error to the error log when this is the production host (SPEC §8). Resolves
 * true when the report was stored, so the screen can say the team was told.
 */
export async function reportError(error: {
  message: string;
  stack?: string | null;
}): Promise<boolean> {
  const { productionHost } = await apiRequest('GET', '/api/app-config', appConfigSchema);
  const report = buildErrorReport(
    error,
    {
      host: window.location.host,
      pathname: window.location.pathname,
      hash: window.location.hash,
      userAgent: navigator.userAgent,
    },
    productionHost,
  );
  if (!report) return false;
  await apiRequest('POST', '/api/status/create', errorLogCreatedSchema, report);
  return true;
}
