/**
 * The layout breakpoints of SPEC §9, in px. They are Bootstrap 5's own grid breakpoints,
 * so `md` in a class name and `breakpoints.md` here always agree.
 */
export const breakpoints = {
  sm: 576,
  md: 768,
  lg: 992,
  xl: 1200,
  xxl: 1400,
} as const;

export type Breakpoint = keyof typeof breakpoints;

/** SPEC §4: the sidebar starts open on screens at least `md` wide. */
export function sidebarOpenByDefault(windowWidth: number): boolean {
  return windowWidth >= breakpoints.md;
}
