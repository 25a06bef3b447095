import type { FastifyBaseLogger } from 'fastify';
import type { RecordProviderCall } from '../../providers/kernel/provider-calls';
import type { StatusRepository } from './status.repository';

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
