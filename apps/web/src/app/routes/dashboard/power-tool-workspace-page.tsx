/** Stub: filled in by issue 21's work. */
function Component() {
  return <p>Not built yet.</p>;
}

export { Component };
