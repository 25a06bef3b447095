import { z } from 'zod';
import type { SecretBox } from '../../kernel/lib/secret-box';
import type { ConnectionAccess } from '../../providers/kernel/connection-access';

const secretsSchema = z.object({
  accessToken: z.string().nullable().default(null),
  refreshToken: z.string().nullable().default(null),
});

/** A connection's account and its opened secrets, for one vendor call (never stored opened). */
export function openConnectionAccess(
  secrets: SecretBox,
  connection: { externalAccount: string; secretsSealed: string | null },
): ConnectionAccess {
  const opened = connection.secretsSealed
    ? secretsSchema.parse(JSON.parse(secrets.open(connection.secretsSealed)))
    : { accessToken: null, refreshToken: null };
  return { externalAccount: connection.externalAccount, ...opened };
}
