import { useMatches } from 'react-router';

export interface SectionHandle {
  /** A function when the title depends on the host (the timelines' two variants). */
  title: string | (() => string);
}

/**
 * A page whose section is built later: its title and one honest sentence, nothing that
 * pretends to work.
 */
function Component() {
  const matches = useMatches();
  const handle = [...matches].reverse().find((m) => (m.handle as SectionHandle | undefined)?.title)
    ?.handle as SectionHandle | undefined;
  const title = typeof handle?.title === 'function' ? handle.title() : handle?.title;
  return (
    <section>
      <h1 className="h3">{title ?? 'Pinpoint'}</h1>
      <p className="text-body-secondary">This section is not available yet.</p>
    </section>
  );
}

export { Component };
