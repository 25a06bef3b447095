declare module 'fxa-common-password-list' {
  /** True when the password is on the list of commonly used passwords. */
  export function test(password: string): boolean;
  const list: { test: typeof test };
  export default list;
}
