import {
  ACCOUNT_LINK_LIFETIME_MS,
  type AccountLinkCheck,
  type AccountLinkPurpose,
  FORGOT_PASSWORD_ANSWER,
  type InvitationDelivery,
  type InvitationResent,
  type PasswordSet,
} from '@pinpoint/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { canAccessClient, type Principal } from '../../kernel/lib/access-policy';
import {
  AppError,
  badRequest,
  conflict,
  notFound,
  tooManyRequests,
} from '../../kernel/lib/app-error';
import type { RequestContext } from '../../platform/identity/auth.service';
import { hashPassword, passwordProblem } from '../../platform/identity/password';
import { retryAfterMs, THROTTLE } from '../../platform/identity/throttle';
import type { MailTransport } from '../../providers/mail/port';
import { activationEmail, resetEmail } from './account-email-content';
import {
  type AccountEmailsRepository,
  RESET_REQUESTED,
  type TokenLookup,
} from './account-emails.repository';
import { createAccountToken, verifyAccountToken } from './account-tokens';

export interface AccountEmailsDeps {
  repo: AccountEmailsRepository;
  mail: MailTransport;
  /** The link secret (lib/signed-link.ts), which signs every emailed token. */
  secret: Buffer;
  /** The origin of emailed links (lib/link-origin.ts): never the request's Host. */
  origin: () => string;
  /** Told the token hash of every session a reset ended (closes sockets, drops caches). */
  sessionEnded: (tokenHash: string) => void;
  /** Told of every reset request, as a sign-in attempt is (the staff's live report). */
  recorded?: (event: { id: number; email: string; outcome: string; ip: string; at: Date }) => void;
  log: FastifyBaseLogger;
  clock?: () => Date;
}

const PAGE: Record<AccountLinkPurpose, string> = {
  activation: '/activate',
  reset: '/reset-password',
};
const PURPOSE_LABEL: Record<AccountLinkPurpose, string> = {
  activation: 'account-activation',
  reset: 'password-reset',
};

const linkInvalid = () =>
  new AppError(400, 'LINK_INVALID', 'This link is not valid. Ask for a new one.');
const linkExpired = () =>
  new AppError(410, 'LINK_EXPIRED', 'This link has expired. Ask for a new one.');
const linkUsed = () =>
  new AppError(410, 'GONE', 'This link has already been used, or a newer one replaced it.');

/**
 * Activation and password-reset emails, and the two pages' actions (issue 20). Every
 * token is random, signed (account-tokens.ts), stored only as a hash and used once.
 * Tokens are never logged and never returned by any route.
 */
export function createAccountEmailsService(deps: AccountEmailsDeps) {
  const { repo, log } = deps;
  const clock = deps.clock ?? (() => new Date());
  /** Emails being sent after the answer went out (forgot-password): awaited at close. */
  const pending = new Set<Promise<void>>();

  /** Makes a token, stores its hash and emails its link. Throws MailError. */
  async function sendLink(
    user: { id: number; email: string; firstName: string },
    purpose: AccountLinkPurpose,
    options: { companyId: number | null; companyName: string | null },
  ): Promise<'sent' | 'held'> {
    const { token, hash } = createAccountToken(deps.secret, purpose);
    const expiresAt = new Date(clock().getTime() + ACCOUNT_LINK_LIFETIME_MS[purpose]);
    await repo.insertToken({ hash, userId: user.id, purpose, expiresAt });
    const link = `${deps.origin()}${PAGE[purpose]}?token=${token}`;
    const content =
      purpose === 'activation'
        ? activationEmail({ firstName: user.firstName, companyName: options.companyName, link })
        : resetEmail({ firstName: user.firstName, link });
    const result = await deps.mail.send({
      to: user.email,
      ...content,
      purpose: PURPOSE_LABEL[purpose],
      companyId: options.companyId,
    });
    log.info(
      { event: 'account_email', purpose, userId: user.id, delivery: result.kind },
      'account email handed to the mail transport',
    );
    return result.kind;
  }

  async function invite(
    user: { id: number; email: string; firstName: string },
    company: { id: number; name: string | null } | null,
  ): Promise<InvitationDelivery> {
    try {
      return await sendLink(user, 'activation', {
        companyId: company?.id ?? null,
        companyName: company?.name ?? null,
      });
    } catch (error) {
      // The account exists either way: staff see "failed" and can resend.
      log.warn({ err: error, userId: user.id }, 'invitation email not sent');
      return 'failed';
    }
  }

  /** The email for a forgot-password request, after the answer (so timing tells nothing). */
  async function deliverReset(email: string): Promise<void> {
    const user = await repo.findUserByEmail(email);
    if (!user || user.disabledAt) return;
    if (user.needsActivation) {
      // Never activated: a reset would work too, but the invitation is what they lost.
      const member = await repo.findMember(user.id);
      const companyId = member?.companyIds[0] ?? null;
      await repo.spendOpenTokens(user.id, ['activation'], clock());
      await sendLink(user, 'activation', { companyId, companyName: null });
      return;
    }
    // No company: a reset link in the dev outbox is for admins only (see dev-outbox.service).
    await sendLink(user, 'reset', { companyId: null, companyName: null });
  }

  /** The token's row after the signature check, or the error the page should show. */
  async function lookUp(
    token: string,
    purpose: AccountLinkPurpose,
  ): Promise<
    | { ok: false; error: 'invalid' | 'used' | 'expired' }
    | { ok: true; hash: string; row: TokenLookup }
  > {
    const hash = verifyAccountToken(deps.secret, purpose, token);
    if (!hash) return { ok: false, error: 'invalid' };
    const row = await repo.findToken(hash);
    if (!row || row.purpose !== purpose || row.disabled) return { ok: false, error: 'invalid' };
    if (row.usedAt) return { ok: false, error: 'used' };
    if (row.expiresAt.getTime() <= clock().getTime()) return { ok: false, error: 'expired' };
    return { ok: true, hash, row };
  }

  return {
    invite,

    /** Staff send a new invitation to a member who has not activated yet. */
    async resendInvitation(principal: Principal, userId: number): Promise<InvitationResent> {
      const found = await repo.findMember(userId);
      // Someone the caller may not manage is "not found": ids of others tell nothing.
      const companyId = found?.companyIds.find((id) => canAccessClient(principal, id));
      if (!found || companyId === undefined || found.user.perm || found.user.admin) {
        throw notFound('No such client user.');
      }
      if (!found.user.needsActivation) {
        throw conflict('This account is already activated. The user can reset their password.');
      }
      await repo.spendOpenTokens(userId, ['activation'], clock());
      const invitation = await invite(found.user, { id: companyId, name: null });
      return { email: found.user.email, invitation };
    },

    async checkLink(token: string, purpose: AccountLinkPurpose): Promise<AccountLinkCheck> {
      const found = await lookUp(token, purpose);
      if (!found.ok) {
        return { status: found.error, purpose, email: null, first_name: null };
      }
      return {
        status: 'valid',
        purpose,
        email: found.row.email,
        first_name: found.row.firstName,
      };
    },

    /** Sets the password from an activation or reset link; the link is spent. */
    async setPassword(
      token: string,
      purpose: AccountLinkPurpose,
      password: string,
    ): Promise<PasswordSet> {
      const found = await lookUp(token, purpose);
      if (!found.ok) {
        throw found.error === 'invalid'
          ? linkInvalid()
          : found.error === 'used'
            ? linkUsed()
            : linkExpired();
      }
      const problem = passwordProblem(password, found.row.email);
      if (problem) {
        throw badRequest('Some fields are missing or invalid.', [
          { path: 'body.password', message: problem },
        ]);
      }
      const passwordHash = await hashPassword(password);
      const done = await repo.useTokenAndSetPassword({
        hash: found.hash,
        purpose,
        passwordHash,
        now: clock(),
      });
      // Another use of the same link won the race (or it expired meanwhile).
      if (!done) throw linkUsed();
      for (const tokenHash of done.endedSessions) deps.sessionEnded(tokenHash);
      log.info(
        {
          event: 'password_set',
          purpose,
          userId: done.userId,
          sessionsEnded: done.endedSessions.length,
        },
        'password set from an emailed link',
      );
      return { ok: true, email: found.row.email };
    },

    /**
     * Forgot password: throttled per email and per address like sign-in failures, and the
     * same answer whether or not the email has an account. The email itself is sent after
     * the answer, so neither the answer nor its timing depends on the account.
     */
    async forgotPassword(email: string, ctx: RequestContext) {
      const now = clock();
      const history = await repo.recentResetRequests(
        email,
        ctx.ip,
        new Date(now.getTime() - THROTTLE.windowMs),
      );
      const wait = Math.max(retryAfterMs(history.byEmail, now), retryAfterMs(history.byIp, now));
      const outcome = wait > 0 ? 'throttled' : RESET_REQUESTED;
      const id = await repo.recordResetRequest({
        email,
        ip: ctx.ip,
        outcome,
        userId: null,
        at: now,
      });
      deps.recorded?.({ id, email, outcome, ip: ctx.ip, at: now });
      if (wait > 0) {
        const seconds = Math.ceil(wait / 1000);
        throw tooManyRequests(
          `Too many requests. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
          seconds,
        );
      }
      const task = deliverReset(email)
        .catch((error: unknown) => log.warn({ err: error }, 'password reset email not sent'))
        .finally(() => pending.delete(task));
      pending.add(task);
      return { ok: true as const, message: FORGOT_PASSWORD_ANSWER };
    },

    /** Waits for emails still being sent (at shutdown, and in tests). */
    async drain(): Promise<void> {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}

export type AccountEmailsService = ReturnType<typeof createAccountEmailsService>;
