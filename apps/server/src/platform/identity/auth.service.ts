import type {
  AuthResponse,
  AuthType,
  LoginRequest,
  SessionClient,
  SignupRequest,
} from '@pinpoint/contracts';
import { signupRequestSchema } from '@pinpoint/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, badRequest, conflict, tooManyRequests } from '../../kernel/lib/app-error';
import type { EventPublisher } from '../realtime/event-bus';
import type { CompanyRef, IdentityRepository, SignInOutcome, UserRow } from './identity.repository';
import { hashPassword, passwordProblem, verifyPassword } from './password';
import type { NewSession, SessionService } from './session.service';
import { retryAfterMs, THROTTLE } from './throttle';

export interface RequestContext {
  ip: string;
  userAgent: string | null;
}

export interface SignedIn {
  response: AuthResponse;
  session: NewSession;
}

const BAD_CREDENTIALS = 'Email or password is incorrect.';
export const NEEDS_ACTIVATION_MESSAGE =
  'This account is not activated yet. Use the link in your invitation email, or ask for a new one.';

function toSessionClient(company: CompanyRef): SessionClient {
  return { client_id: company.id, name: company.name, label: company.label };
}

function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } })?.cause;
  return (error as { code?: string })?.code === '23505' || cause?.code === '23505';
}

/** Sign-in, sign-up and the session descriptor (SPEC §3) the browser keeps. */
export function createAuthService(deps: {
  repo: IdentityRepository;
  sessions: SessionService;
  log: FastifyBaseLogger;
  events: EventPublisher;
  clock?: () => Date;
}) {
  const { repo, sessions, log, events } = deps;
  const clock = deps.clock ?? (() => new Date());

  async function record(
    email: string,
    ctx: RequestContext,
    method: string,
    outcome: SignInOutcome,
    userId: number | null,
  ) {
    const at = clock();
    const id = await repo.recordSignIn({ email, ip: ctx.ip, method, outcome, userId, at });
    events.publish({
      type: 'sign-in',
      audience: { staff: true },
      payload: { id, email, userId, method, outcome, ip: ctx.ip, at: at.toISOString() },
    });
    // Who, from where, and what happened: never the password or the session token.
    log.info({ event: 'sign_in', method, outcome, userId, email, ip: ctx.ip }, 'sign-in attempt');
  }

  /** Clients shown to the user: memberships for clients, assignments for employees. */
  async function visibleCompanies(user: UserRow): Promise<CompanyRef[]> {
    if (user.lead) return [];
    const members = await repo.memberCompanies(user.id);
    if (members.length > 0 || !user.perm) return members;
    return repo.assignedCompanies(user.id);
  }

  async function describe(
    user: UserRow,
    authType: AuthType,
    expiresAt: Date,
  ): Promise<AuthResponse> {
    const clients = (await visibleCompanies(user)).map(toSessionClient);
    const client = clients[0] ?? null;
    return {
      session: {
        exp: expiresAt.getTime(),
        perm: user.perm,
        admin: user.admin,
        lead: user.lead,
        clients,
        client,
      },
      user: {
        clientId: client?.client_id ?? null,
        index: 0,
        clientLabel: client?.label ?? null,
        client,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        perm: user.perm,
        admin: user.admin,
        lead: user.lead,
        phoneExt: user.phoneExt,
        auth_type: authType,
      },
    };
  }

  async function startSession(user: UserRow, authType: AuthType, ctx: RequestContext) {
    const session = await sessions.create({ userId: user.id, authType, ...ctx });
    return { session, response: await describe(user, authType, session.expiresAt) };
  }

  return {
    describe,

    /**
     * Checks a password under the throttling rules and records the attempt. Returns the
     * user, or throws the error the caller should see.
     */
    async checkPassword(
      rawEmail: string,
      password: string,
      ctx: RequestContext,
      method = 'password',
    ) {
      const email = rawEmail.trim().toLowerCase();
      const now = clock();
      const failures = await repo.recentFailures(
        email,
        ctx.ip,
        new Date(now.getTime() - THROTTLE.windowMs),
      );
      const wait = Math.max(retryAfterMs(failures.byEmail, now), retryAfterMs(failures.byIp, now));
      if (wait > 0) {
        await record(email, ctx, method, 'throttled', null);
        const seconds = Math.ceil(wait / 1000);
        throw tooManyRequests(
          `Too many failed sign-ins. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
          seconds,
        );
      }

      const user = await repo.findUserByEmail(email);
      const valid = await verifyPassword(user?.passwordHash ?? null, password);
      // An invited account has no password yet, so no password is right: saying so tells no
      // more than sign-up's "already exists" does, and saves the person a pointless retry.
      if (user?.needsActivation && !user.passwordHash && !user.disabledAt) {
        await record(email, ctx, method, 'needs_activation', user.id);
        throw new AppError(401, 'NEEDS_ACTIVATION', NEEDS_ACTIVATION_MESSAGE);
      }
      if (!user || !valid) {
        await record(email, ctx, method, 'bad_credentials', user?.id ?? null);
        throw new AppError(401, 'UNAUTHENTICATED', BAD_CREDENTIALS);
      }
      if (user.disabledAt) {
        await record(email, ctx, method, 'disabled', user.id);
        throw new AppError(
          401,
          'UNAUTHENTICATED',
          'This account is disabled. Contact your agency.',
        );
      }
      await record(email, ctx, method, 'success', user.id);
      return user;
    },

    async login(input: LoginRequest, ctx: RequestContext): Promise<SignedIn> {
      const user = await this.checkPassword(input.email, input.password, ctx);
      return startSession(user, 'password', ctx);
    },

    /** Starts a session for a user already identified (by a social provider). */
    async signInAs(user: UserRow, authType: AuthType, ctx: RequestContext): Promise<SignedIn> {
      await record(user.email, ctx, authType, 'success', user.id);
      return startSession(user, authType, ctx);
    },

    /** Creates a trial lead with its lead record, and signs it in. */
    async signup(raw: SignupRequest, ctx: RequestContext): Promise<SignedIn> {
      const input = signupRequestSchema.parse(raw);
      const problem = passwordProblem(input.password, input.email);
      if (problem) throw badRequest(problem, [{ path: 'body.password', message: problem }]);
      const taken = 'An account with this email already exists. Log in instead.';
      if (await repo.findUserByEmail(input.email)) throw conflict(taken);

      let user: UserRow;
      try {
        user = await repo.createLeadUser(
          {
            email: input.email,
            passwordHash: await hashPassword(input.password),
            firstName: input.first_name,
            lastName: input.last_name,
            lead: true,
          },
          {
            company: input.company,
            firstName: input.first_name,
            lastName: input.last_name,
            email: input.email,
            phoneNumber: input.phone_number,
            altPhoneNumber: input.alt_phone_number,
            streetAddress: input.street_address,
            city: input.city,
            state: input.state,
            zip: input.zip,
            country: input.country,
            webAddress: input.web_address,
          },
        );
      } catch (error) {
        // Two sign-ups with one email at the same moment: the unique index decides.
        if (isUniqueViolation(error)) throw conflict(taken);
        throw error;
      }
      await record(input.email, ctx, 'signup', 'success', user.id);
      return startSession(user, 'password', ctx);
    },

    async logout(token: string | undefined): Promise<void> {
      if (token) await sessions.destroy(token);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
