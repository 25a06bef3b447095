import type { AppConfig } from '../../config/config';
import type { RecordProviderCall } from '../../providers/kernel/provider-calls';
import type { LlmProvider } from '../../providers/llm/port';
import type { DemoBusinessHint } from '../provider-registry/vendor-providers';

/**
 * What app.ts hands every vendor-data area's plugin (posts, photos, Q&A, listings, …): the
 * configuration its providers are built from (demo by default, live from the environment),
 * the status page's call counter, the demo adapters' business hints, and the AI drafter.
 */
export interface VendorAreaOptions {
  config: AppConfig;
  recordCall: RecordProviderCall;
  describeAccount(externalAccount: string): DemoBusinessHint | null | undefined;
  llm: LlmProvider;
}
