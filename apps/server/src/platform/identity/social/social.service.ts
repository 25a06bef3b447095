import { randomBytes } from 'node:crypto';
import type { AuthResponse } from '@pinpoint/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, notFound } from '../../../kernel/lib/app-error';
import type { AuthService, RequestContext } from '../auth.service';
import type { IdentityRepository, UserRow } from '../identity.repository';
import type { NewSession } from '../session.service';
import { hashToken } from '../session.service';
import type { SocialRepository } from './social.repository';
import { newFlow, type SocialProvider, type SocialProviderName } from './social-providers';

/** A sign-in that started must finish within this time. */
export const FLOW_LIFETIME_MS = 10 * 60 * 1000;

/** What the popup reports to the page that opened it. */
export type CallbackOutcome =
  | {
      status: 'signed-in';
      provider: SocialProviderName;
      name: string;
      email: string | null;
      session: NewSession;
    }
  | { status: 'link-required'; provider: SocialProviderName; email: string; linkToken: string }
  | { status: 'error'; provider: SocialProviderName; message: string };

export function createSocialService(deps: {
  providers: Partial<Record<SocialProviderName, SocialProvider>>;
  social: SocialRepository;
  identity: IdentityRepository;
  auth: AuthService;
  log: FastifyBaseLogger;
  clock?: () => Date;
}) {
  const clock = deps.clock ?? (() => new Date());
  const provider = (name: SocialProviderName) => {
    const found = deps.providers[name];
    if (!found) throw notFound('This sign-in provider is not available.');
    return found;
  };

  return {
    enabled: (name: SocialProviderName) => Boolean(deps.providers[name]),

    /** Records a new flow and returns where to send the popup. */
    async start(name: SocialProviderName, redirectUri: string) {
      const chosen = provider(name);
      await deps.social.deleteFlowsOlderThan(new Date(clock().getTime() - FLOW_LIFETIME_MS));
      const flow = newFlow();
      await deps.social.insertFlow({ ...flow, provider: name });
      return { state: flow.state, url: await chosen.authorizationUrl(flow, redirectUri) };
    },

    /**
     * Finishes the flow named by `state` (which must also be this browser's state cookie):
     * a linked account signs in; a verified email of an existing account asks for its
     * password; anyone else becomes a new trial lead.
     */
    async complete(
      name: SocialProviderName,
      callbackUrl: URL,
      cookieState: string | undefined,
      ctx: RequestContext,
    ): Promise<CallbackOutcome> {
      const fail = (message: string): CallbackOutcome => ({
        status: 'error',
        provider: name,
        message,
      });
      const state = callbackUrl.searchParams.get('state');
      if (!state || !cookieState || state !== cookieState) {
        return fail('This sign-in was not started here, or it has expired. Please try again.');
      }
      const flow = await deps.social.takeFlow(state);
      if (
        !flow ||
        flow.provider !== name ||
        clock().getTime() - flow.createdAt.getTime() > FLOW_LIFETIME_MS
      ) {
        return fail('This sign-in has expired. Please try again.');
      }
      if (callbackUrl.searchParams.get('error')) return fail('Sign-in was cancelled.');

      let identity: Awaited<ReturnType<SocialProvider['complete']>>;
      try {
        identity = await provider(name).complete(callbackUrl, flow);
      } catch (error) {
        deps.log.warn({ err: error, provider: name }, 'social sign-in failed at the provider');
        return fail('The provider could not confirm who you are. Please try again.');
      }

      const linked = await deps.social.findLinkedUser(name, identity.subject);
      if (linked) return signedIn(name, linked, ctx);

      const existing = identity.email ? await deps.identity.findUserByEmail(identity.email) : null;
      if (existing && identity.email) {
        if (!identity.emailVerified || !existing.passwordHash) {
          return fail('An account with this email already exists. Log in with your password.');
        }
        const linkToken = randomBytes(32).toString('base64url');
        await deps.social.insertFlow({
          ...newFlow(),
          provider: name,
          linkTokenHash: hashToken(linkToken),
          linkUserId: existing.id,
          subject: identity.subject,
          email: identity.email,
        });
        return { status: 'link-required', provider: name, email: identity.email, linkToken };
      }
      if (!identity.email) return fail('The provider did not share an email address.');

      const user = await deps.social.createLeadFromSocial({
        provider: name,
        subject: identity.subject,
        email: identity.email,
        firstName: identity.firstName || 'New',
        lastName: identity.lastName,
      });
      return signedIn(name, user, ctx);
    },

    /** Links a waiting social identity to the account whose password the user confirmed. */
    async confirmLink(
      linkToken: string,
      password: string,
      ctx: RequestContext,
    ): Promise<{ response: AuthResponse; session: NewSession }> {
      const flow = await deps.social.takeFlowByLinkToken(hashToken(linkToken));
      const fresh = flow && clock().getTime() - flow.createdAt.getTime() <= FLOW_LIFETIME_MS;
      if (!flow || !fresh || !flow.linkUserId || !flow.subject || !flow.email) {
        throw new AppError(
          400,
          'BAD_REQUEST',
          'This link request has expired. Sign in with the provider again.',
        );
      }
      const user = await deps.auth.checkPassword(
        flow.email,
        password,
        ctx,
        `link:${flow.provider}`,
      );
      if (user.id !== flow.linkUserId)
        throw new AppError(400, 'BAD_REQUEST', 'This link request is not valid.');
      await deps.social.link(flow.provider, flow.subject, user.id, flow.email);
      return deps.auth.signInAs(user, flow.provider as SocialProviderName, ctx);
    },
  };

  async function signedIn(
    name: SocialProviderName,
    user: UserRow,
    ctx: RequestContext,
  ): Promise<CallbackOutcome> {
    if (user.disabledAt) {
      return {
        status: 'error',
        provider: name,
        message: 'This account is disabled. Contact your agency.',
      };
    }
    const { session } = await deps.auth.signInAs(user, name, ctx);
    return {
      status: 'signed-in',
      provider: name,
      name: `${user.firstName} ${user.lastName}`.trim(),
      email: user.email,
      session,
    };
  }
}

export type SocialService = ReturnType<typeof createSocialService>;
