import { useSyncExternalStore } from 'react';
import { breakpoints } from '../../config/breakpoints';

/** SPEC §4/§9: at 768 px and wider the sidebar sits beside the page; below it overlays it. */
const WIDE_QUERY = `(min-width: ${breakpoints.md}px)`;

function subscribe(onChange: () => void) {
  const query = window.matchMedia(WIDE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export function isWideScreen(): boolean {
  return window.matchMedia(WIDE_QUERY).matches;
}

/** Whether the window is at least `md` (768 px) wide, following resizes. */
export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, isWideScreen);
}
