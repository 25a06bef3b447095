/** Largest request body the server reads (JSON), here and through the gateway. */
export const BODY_LIMIT_BYTES = 1024 * 1024;
