import { useCallback, useSyncExternalStore } from 'react';

/**
 * The colour theme (SPEC §3 client UI state `theme`, default 'light'). Bootstrap 5.3 reads
 * `data-bs-theme` on <html>. The choice is a preference, not a secret, so it sits in plain
 * localStorage under its own key; `/theme-init.js` applies it before the first paint.
 * Logout clears all local storage (SPEC §4), so the next person starts in light.
 */
export const THEME_STORAGE_KEY = 'pinpoint.theme';
export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

const listeners = new Set<() => void>();

export function readStoredTheme(storage: Pick<Storage, 'getItem'> = localStorage): Theme {
  try {
    return storage.getItem(THEME_STORAGE_KEY) === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.setAttribute('data-bs-theme', theme);
}

export function setTheme(theme: Theme): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage unavailable (private mode, full): the theme still applies to this page.
  }
  applyTheme(theme);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const current = (): Theme =>
  document.documentElement.getAttribute('data-bs-theme') === 'dark' ? 'dark' : 'light';

/** The theme in effect and a toggle between light and dark. */
export function useTheme(): { theme: Theme; toggle: () => void } {
  const theme = useSyncExternalStore(subscribe, current);
  const toggle = useCallback(() => setTheme(current() === 'dark' ? 'light' : 'dark'), []);
  return { theme, toggle };
}
