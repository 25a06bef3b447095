import type { FastifyBaseLogger } from 'fastify';
import type { StatusRepository } from './status.repository';

/**
 * Counts one call to a third-party provider (`google-sign-in`, later search, ads, mail …)
 * for the status page. It never rejects: a failure to count must not fail the call it
 * counts, so it is logged as a warning instead.
 */
export type RecordProviderCall = (provider: string, ok: boolean, at?: Date) => Promise<void>;

export function createProviderCallRecorder(
  repository: StatusRepository,
  log: FastifyBaseLogger,
): RecordProviderCall {
  return async (provider, ok, at = new Date()) => {
    try {
      await repository.recordCall(provider, ok, at);
    } catch (error) {
      log.warn({ err: error, provider }, 'could not record a provider call');
    }
  };
}
