import { SignInUnavailable } from './sign-in-unavailable';

function Component() {
  return <SignInUnavailable title="Start your free trial" />;
}

export { Component };
