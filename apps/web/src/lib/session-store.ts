/**
 * The signed-in session as the browser knows it: the descriptor of SPEC §3 (`exp`, `perm`,
 * `clients`, `client`). Sign-in is not built yet, so there is never a session and every
 * protected page sends the visitor to /login; the identity work fills this in.
 */
export interface SessionDescriptor {
  exp: number;
  perm: boolean;
  admin: boolean;
  clients: number[];
  client: { client_id: number } | null;
}

export async function readSession(): Promise<SessionDescriptor | null> {
  return null;
}

/** SPEC §4: a session is valid while the current time is at or before `exp`. */
export function isSessionValid(session: SessionDescriptor | null, now = Date.now()): boolean {
  return session !== null && now <= session.exp;
}
