import { useState } from 'react';
import Button from 'react-bootstrap/Button';

function Thrower(): never {
  throw new Error('Test error thrown from /dashboard/test');
}

/** Dev hosts only: a way to see and test the error screen (SPEC §2 "/test"). */
function Component() {
  const [broken, setBroken] = useState(false);
  return (
    <section>
      <h1 className="h3">Test page</h1>
      <p className="text-body-secondary">
        Throws an error while rendering, to show the error screen.
      </p>
      <Button variant="danger" onClick={() => setBroken(true)}>
        Throw test error
      </Button>
      {broken && <Thrower />}
    </section>
  );
}

export { Component };
