import { z } from 'zod';

/** DECISIONS.md "Gateway": the inner methods the gateway accepts. */
export const gatewayMethodSchema = z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
export type GatewayMethod = z.infer<typeof gatewayMethodSchema>;

export const GATEWAY_URL_MAX_LENGTH = 2048;

/**
 * `POST /database/request`: one of our own `/api/...` routes, by method and path. `data` is
 * the inner JSON body; its `origin` field is informational and is not passed on.
 */
export const gatewayRequestSchema = z.object({
  method: gatewayMethodSchema,
  url: z.string().min(1).max(GATEWAY_URL_MAX_LENGTH),
  data: z.record(z.string(), z.unknown()).optional(),
});
export type GatewayRequest = z.infer<typeof gatewayRequestSchema>;
