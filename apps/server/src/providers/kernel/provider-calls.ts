/**
 * Counts one call to a third-party provider (`google-sign-in`, later search, ads, mail …)
 * for the status page. It never rejects: a failure to count must not fail the call it
 * counts, so it is logged as a warning instead.
 */
export type RecordProviderCall = (provider: string, ok: boolean, at?: Date) => Promise<void>;
