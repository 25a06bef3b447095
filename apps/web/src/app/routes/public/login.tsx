import { SignInUnavailable } from './sign-in-unavailable';

function Component() {
  return <SignInUnavailable title="Log in to Pinpoint" />;
}

export { Component };
