import { NotFoundContent } from '../../components/not-found-content';

/** Not-found inside a signed-in area: the area's frame stays around it. */
function Component() {
  return <NotFoundContent />;
}

export { Component };
