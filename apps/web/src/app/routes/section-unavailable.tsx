import { useMatches } from 'react-router';

export interface SectionHandle {
  title: string;
}

/**
 * A page whose section is built later: its title and one honest sentence, nothing that
 * pretends to work.
 */
function Component() {
  const matches = useMatches();
  const handle = [...matches].reverse().find((m) => (m.handle as SectionHandle | undefined)?.title)
    ?.handle as SectionHandle | undefined;
  return (
    <section>
      <h1 className="h3">{handle?.title ?? 'Pinpoint'}</h1>
      <p className="text-body-secondary">This section is not available yet.</p>
    </section>
  );
}

export { Component };
