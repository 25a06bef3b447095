import * as oidc from 'openid-client';
import { z } from 'zod';
import type { AppConfig, FacebookConfig, GoogleConfig } from '../../../config/config';
import type { RecordProviderCall } from '../../../providers/kernel/provider-calls';

export type SocialProviderName = 'google' | 'facebook';

/** What a provider tells us about the person who signed in. */
export interface SocialIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

export interface PendingFlow {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/**
 * One social provider, spoken to through `openid-client`: authorization code flow with
 * PKCE, state and (for OpenID Connect) nonce.
 */
export interface SocialProvider {
  authorizationUrl(flow: PendingFlow, redirectUri: string): Promise<URL>;
  /** Exchanges the code in the callback URL and returns the verified identity. */
  complete(callbackUrl: URL, flow: PendingFlow): Promise<SocialIdentity>;
}

const TIMEOUT_SECONDS = 10;

/** How each provider's calls are named on the status page. */
const CALL_NAMES: Record<SocialProviderName, string> = {
  google: 'google-sign-in',
  facebook: 'facebook-sign-in',
};

/** The status page lists configured providers even before their first call. */
export function signInProviderCallNames(config: AppConfig['social']): string[] {
  return (Object.keys(CALL_NAMES) as SocialProviderName[])
    .filter((name) => config[name])
    .map((name) => CALL_NAMES[name]);
}

/** Runs one call to the provider and counts its outcome for the status page. */
type Counted = <T>(call: () => Promise<T>) => Promise<T>;

function counter(record: RecordProviderCall, provider: SocialProviderName): Counted {
  return async (call) => {
    try {
      const result = await call();
      await record(CALL_NAMES[provider], true);
      return result;
    } catch (error) {
      await record(CALL_NAMES[provider], false);
      throw error;
    }
  };
}

/** Plain http is for the local test peers only; production providers speak https. */
function insecureIfHttp(url: string): Array<(config: oidc.Configuration) => void> {
  return url.startsWith('http:') ? [oidc.allowInsecureRequests] : [];
}

function splitName(name: string | undefined): { firstName: string; lastName: string } {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  return { firstName: parts[0] ?? '', lastName: parts.slice(1).join(' ') };
}

/** The Google-style provider: OpenID Connect, found by discovery, identity from the ID token. */
function googleProvider(config: GoogleConfig, counted: Counted): SocialProvider {
  let configuration: Promise<oidc.Configuration> | null = null;
  const discover = () => {
    configuration ??= counted(() =>
      oidc.discovery(new URL(config.issuer), config.clientId, config.clientSecret, undefined, {
        execute: insecureIfHttp(config.issuer),
        timeout: TIMEOUT_SECONDS,
      }),
    ).catch((error: unknown) => {
      configuration = null; // try discovery again next time
      throw error;
    });
    return configuration;
  };
  return {
    async authorizationUrl(flow, redirectUri) {
      return oidc.buildAuthorizationUrl(await discover(), {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        state: flow.state,
        nonce: flow.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(flow.codeVerifier),
        code_challenge_method: 'S256',
      });
    },
    async complete(callbackUrl, flow) {
      const configuration = await discover();
      const tokens = await counted(() =>
        oidc.authorizationCodeGrant(configuration, callbackUrl, {
          pkceCodeVerifier: flow.codeVerifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        }),
      );
      const idClaims = tokens.claims();
      if (!idClaims) throw new Error('The provider returned no ID token');
      // Some providers put email and profile only in userinfo; ask there when needed.
      const claims =
        typeof idClaims.email === 'string'
          ? idClaims
          : {
              ...(await counted(() =>
                oidc.fetchUserInfo(configuration, tokens.access_token, idClaims.sub),
              )),
              ...idClaims,
            };
      const fromName = splitName(typeof claims.name === 'string' ? claims.name : undefined);
      return {
        subject: claims.sub,
        email: typeof claims.email === 'string' ? claims.email.toLowerCase() : null,
        emailVerified: claims.email_verified === true,
        firstName: typeof claims.given_name === 'string' ? claims.given_name : fromName.firstName,
        lastName: typeof claims.family_name === 'string' ? claims.family_name : fromName.lastName,
      };
    },
  };
}

/** The Graph API `me` answer (fields id, name, email). */
const facebookProfileSchema = z.object({
  id: z.string().min(1),
  name: z.string().optional(),
  email: z.string().optional(),
});

/**
 * The Facebook-style provider: OAuth 2 with fixed endpoints and a profile endpoint. The
 * Graph API only returns confirmed email addresses, so its email counts as verified.
 */
function facebookProvider(config: FacebookConfig, counted: Counted): SocialProvider {
  const configuration = new oidc.Configuration(
    {
      issuer: new URL(config.authorizeUrl).origin,
      authorization_endpoint: config.authorizeUrl,
      token_endpoint: config.tokenUrl,
    },
    config.clientId,
    config.clientSecret,
    oidc.ClientSecretPost(config.clientSecret),
  );
  for (const apply of insecureIfHttp(config.tokenUrl)) apply(configuration);
  configuration.timeout = TIMEOUT_SECONDS;
  return {
    async authorizationUrl(flow, redirectUri) {
      return oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        scope: 'email public_profile',
        state: flow.state,
        code_challenge: await oidc.calculatePKCECodeChallenge(flow.codeVerifier),
        code_challenge_method: 'S256',
      });
    },
    async complete(callbackUrl, flow) {
      const tokens = await counted(() =>
        oidc.authorizationCodeGrant(configuration, callbackUrl, {
          pkceCodeVerifier: flow.codeVerifier,
          expectedState: flow.state,
        }),
      );
      const profileUrl = new URL(config.profileUrl);
      profileUrl.searchParams.set('fields', 'id,name,email');
      const response = await counted(async () => {
        const answer = await oidc.fetchProtectedResource(
          configuration,
          tokens.access_token,
          profileUrl,
          'GET',
        );
        if (!answer.ok) throw new Error(`The profile endpoint answered ${answer.status}`);
        return answer;
      });
      const profile = facebookProfileSchema.parse(await response.json());
      return {
        subject: profile.id,
        email: profile.email?.toLowerCase() ?? null,
        emailVerified: Boolean(profile.email),
        ...splitName(profile.name),
      };
    },
  };
}

/** The configured providers; one that is not configured is absent (and its button hidden). */
export function createSocialProviders(
  config: AppConfig['social'],
  record: RecordProviderCall,
): Partial<Record<SocialProviderName, SocialProvider>> {
  return {
    ...(config.google && { google: googleProvider(config.google, counter(record, 'google')) }),
    ...(config.facebook && {
      facebook: facebookProvider(config.facebook, counter(record, 'facebook')),
    }),
  };
}

export function newFlow(): PendingFlow {
  return {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    codeVerifier: oidc.randomPKCECodeVerifier(),
  };
}
