/**
 * Who may do what (DECISIONS.md "Sessions and roles"). Routes declare an access level;
 * services call `canAccessClient` for every object they load. One policy for both.
 */
export type RouteAccess =
  | 'public'
  | 'signed-in'
  | 'employee'
  | 'admin'
  /** Trial leads (their own trial objects are checked by owner in the service). */
  | 'lead'
  /**
   * A route about one client company's object, named by a route param: `clientOf` holds
   * the company id, `productOf` a product instance id (the guard looks up its company).
   * Its members, assigned employees and admins may call it; with `staff`, only the latter.
   */
  | ObjectAccess;

export type ObjectAccess = ({ clientOf: string } | { productOf: string }) & {
  /** Only its assigned employees and admins (staff tools about a client). */
  staff?: true;
  /** Only its members and admins: the client's own decisions, which staff may not take. */
  owners?: true;
};

/** The route param an object access names. */
export function ownerParam(access: ObjectAccess): string {
  return 'clientOf' in access ? access.clientOf : access.productOf;
}

/** The signed-in caller as the server knows it; filled by the session layer. */
export interface Principal {
  userId: number;
  perm: boolean;
  admin: boolean;
  lead: boolean;
  /** Client companies the user is a member of. */
  memberOf: number[];
  /** Client companies the user is assigned to as an employee. */
  assignedTo: number[];
}

/** Client data is visible to the client's members, to employees assigned to it, and to admins. */
export function canAccessClient(principal: Principal, clientId: number): boolean {
  return (
    principal.admin ||
    principal.memberOf.includes(clientId) ||
    principal.assignedTo.includes(clientId)
  );
}

/** Whether a signed-in principal passes a route's declared access (clientOf needs its id). */
export function allows(access: RouteAccess, principal: Principal, clientId?: number): boolean {
  if (typeof access === 'object') {
    if (access.staff && !principal.perm && !principal.admin) return false;
    if (clientId === undefined || !canAccessClient(principal, clientId)) return false;
    return !access.owners || principal.admin || principal.memberOf.includes(clientId);
  }
  switch (access) {
    case 'public':
    case 'signed-in':
      return true;
    case 'employee':
      return principal.perm || principal.admin;
    case 'admin':
      return principal.admin;
    case 'lead':
      return principal.lead || principal.admin;
  }
}

export function describeAccess(access: RouteAccess): string {
  if (typeof access !== 'object') return access;
  const kind = 'clientOf' in access ? 'client-of' : 'product-of';
  const narrowed = access.staff ? 'staff-' : access.owners ? 'owners-' : '';
  return `${narrowed}${kind}-{${ownerParam(access)}}`;
}
