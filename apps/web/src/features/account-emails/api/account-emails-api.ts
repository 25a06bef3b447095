import {
  type AccountLinkPurpose,
  accountLinkCheckSchema,
  type ClientUserCreate,
  clientUserCreatedSchema,
  forgotPasswordAnswerSchema,
  invitationResentSchema,
  passwordSetSchema,
} from '@pinpoint/contracts';
import { apiRequest } from '../../../lib/api-client';

/**
 * The account-email calls (issue 20). Tokens come from the page's address and go straight
 * to the server: they are never stored in the browser (no localStorage, no cache).
 */
export function checkAccountLink(token: string, purpose: AccountLinkPurpose) {
  const query = new URLSearchParams({ token, purpose });
  return apiRequest('GET', `/api/auth/account-link?${query}`, accountLinkCheckSchema);
}

export function setPasswordFromLink(
  purpose: AccountLinkPurpose,
  input: { token: string; password: string },
) {
  const url = purpose === 'activation' ? '/api/auth/activate' : '/api/auth/reset-password';
  return apiRequest('POST', url, passwordSetSchema, input);
}

export function requestPasswordReset(email: string) {
  return apiRequest('POST', '/api/auth/forgot-password', forgotPasswordAnswerSchema, { email });
}

/** Staff: create a client user, who gets an activation email (SPEC §7 `/api/uni/insertUser`). */
export function inviteClientUser(input: ClientUserCreate) {
  return apiRequest('POST', '/api/uni/insertUser', clientUserCreatedSchema, { ...input });
}

/** Staff: a new activation email for a user who has not activated yet. */
export function resendInvitation(userId: number) {
  return apiRequest('POST', `/api/uni/insertUser/${userId}/resend`, invitationResentSchema);
}
