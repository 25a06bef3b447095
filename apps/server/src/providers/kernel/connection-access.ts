/** The account a call is for, with its decrypted secrets (they stay in the server). */
export interface ConnectionAccess {
  /** `accounts/{a}/locations/{l}` for Google, the page id for Facebook. */
  externalAccount: string;
  accessToken: string | null;
  refreshToken?: string | null;
}
