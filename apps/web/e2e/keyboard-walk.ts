import { expect, type Locator, type Page } from '@playwright/test';

/** What one keyboard focus stop looked like, read in the page right after the key press. */
export interface FocusStop {
  /** Stable within one page load, to see the walk come back to where it started. */
  id: number;
  /** Tag, role and accessible-ish name, for failure messages. */
  name: string;
  /** Focus left the page's elements (the browser's own controls, or the document itself). */
  outside: boolean;
  /** Within the viewport and not covered by something else at its centre. */
  onScreen: boolean;
  /** How focus is drawn: an outline, or a ring (box-shadow) or border it lacks unfocused. */
  ring: 'outline' | 'shadow' | 'border' | 'none';
  /** The unfocused look was recorded before it took focus (else only outline/shadow count). */
  compared: boolean;
  /** Whether it sits inside the element `within` named, when given. */
  inside: boolean;
}

/**
 * Reads `document.activeElement` after a key press. Before that it records, for every
 * focusable element not yet seen, how it looks unfocused, so a focus style drawn as a
 * change (Bootstrap's box-shadow rings, a border colour) is told apart from a shadow the
 * element always has. The records live on `window`, so a new page load starts afresh.
 */
function probeInPage(within: string | null): FocusStop {
  type Look = { shadow: string; border: string };
  const w = window as unknown as {
    __ppLook?: WeakMap<Element, Look>;
    __ppIds?: WeakMap<Element, number>;
    __ppNext?: number;
  };
  w.__ppLook ??= new WeakMap();
  w.__ppIds ??= new WeakMap();
  const looks = w.__ppLook;
  const ids = w.__ppIds;
  const lookOf = (style: CSSStyleDeclaration): Look => ({
    shadow: style.boxShadow,
    border: `${style.borderTopColor} ${style.borderTopWidth} ${style.borderBottomColor} ${style.borderBottomWidth}`,
  });
  const active = document.activeElement;
  const focusable =
    'a[href], button, input, select, textarea, summary, [tabindex], [contenteditable="true"]';
  for (const element of document.querySelectorAll(focusable)) {
    if (element !== active && !looks.has(element))
      looks.set(element, lookOf(getComputedStyle(element)));
  }
  if (!active || active === document.body || active === document.documentElement) {
    return {
      id: 0,
      name: 'the document',
      outside: true,
      onScreen: false,
      ring: 'none',
      compared: false,
      inside: false,
    };
  }
  let id = ids.get(active);
  if (id === undefined) {
    w.__ppNext = (w.__ppNext ?? 0) + 1;
    id = w.__ppNext;
    ids.set(active, id);
  }
  const style = getComputedStyle(active);
  const before = looks.get(active);
  const now = lookOf(style);
  const transparent = (colour: string) => colour === 'transparent' || /,\s*0\)$/.test(colour);
  let ring: FocusStop['ring'] = 'none';
  if (
    style.outlineStyle !== 'none' &&
    Number.parseFloat(style.outlineWidth) > 0 &&
    !transparent(style.outlineColor)
  ) {
    ring = 'outline';
  } else if (now.shadow !== 'none' && (!before || before.shadow !== now.shadow)) {
    ring = 'shadow';
  } else if (before && before.border !== now.border) {
    ring = 'border';
  }
  const box = active.getBoundingClientRect();
  const inViewport =
    box.width > 0 &&
    box.height > 0 &&
    box.bottom > 0 &&
    box.right > 0 &&
    box.top < window.innerHeight &&
    box.left < window.innerWidth;
  // The centre of its visible part must show this element (not something drawn over it).
  const x = Math.min(Math.max(box.left + box.width / 2, 0), window.innerWidth - 1);
  const y = Math.min(Math.max(box.top + box.height / 2, 0), window.innerHeight - 1);
  const hit = document.elementFromPoint(x, y);
  const onTop = hit !== null && (active.contains(hit) || hit.contains(active));
  const label =
    active.getAttribute('aria-label') ??
    (active.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
  const role = active.getAttribute('role');
  return {
    id,
    name: `${active.tagName.toLowerCase()}${role ? `[role=${role}]` : ''} “${label}”`,
    outside: false,
    onScreen: inViewport && onTop,
    ring,
    compared: before !== undefined,
    inside: within !== null && active.closest(within) !== null,
  };
}

/** Where focus is now, as a `FocusStop`; `within` is a CSS selector for `inside`. */
export function probe(page: Page, within: string | null = null): Promise<FocusStop> {
  return page.evaluate(probeInPage, within);
}

/** Presses a key, then reads the new focus stop. */
export async function pressAndProbe(page: Page, key: string, within: string | null = null) {
  await page.keyboard.press(key);
  return probe(page, within);
}

/** A focus stop's problems, as lines for one failure message (none: it is fine). */
export function problemsOf(stop: FocusStop): string[] {
  const problems: string[] = [];
  if (!stop.onScreen) problems.push(`${stop.name} is focused but not visible on screen`);
  if (stop.ring === 'none') problems.push(`${stop.name} shows no focus indicator`);
  // Bootstrap's fields change border colour on focus too, but only faintly: not enough alone.
  if (stop.ring === 'border') problems.push(`${stop.name} shows focus by a border colour only`);
  return problems;
}

/**
 * Puts the browser's Tab starting point at the top of the document with nothing focused.
 * `blur()` alone would not: Tab would go on from the element that had focus (an autofocused
 * field, say). A focused element removed from the page leaves the starting point where it was.
 */
export async function startAtTop(page: Page) {
  await page.evaluate(() => {
    const start = document.createElement('span');
    start.tabIndex = -1;
    document.body.prepend(start);
    start.focus({ preventScroll: true });
    start.remove();
    window.scrollTo(0, 0);
  });
}

export interface WalkResult {
  stops: FocusStop[];
  problems: string[];
  /** Tab left the page's last element for the browser (or wrapped to the first stop). */
  reachedEnd: boolean;
  /** More stops than the cap: the end was checked from the page's last element instead. */
  capped: boolean;
}

/**
 * Tabs through the page from the top, at most `cap` presses, checking every stop. It ends
 * when focus leaves the page (past its last element) or comes back to the first stop. A
 * stop seen twice before that is a keyboard trap. A page with more stops than the cap has
 * its end checked from its last focusable element: Tab from there must leave the page.
 * The cap counts presses.
 */
export async function walkPage(
  page: Page,
  { cap = 100, skipFrame = false }: { cap?: number; skipFrame?: boolean } = {},
): Promise<WalkResult> {
  await startAtTop(page);
  await probe(page);
  const stops: FocusStop[] = [];
  const problems: string[] = [];
  const seen = new Set<number>();
  for (let press = 0; press < cap; press++) {
    const stop = await pressAndProbe(page, 'Tab');
    if (stop.outside || stop.id === stops[0]?.id) {
      return { stops, problems, reachedEnd: true, capped: false };
    }
    // A date field takes one Tab per part (month, day, year): one stop, several presses.
    if (stop.id === stops.at(-1)?.id) continue;
    if (seen.has(stop.id)) {
      problems.push(`keyboard trap: Tab came back to ${stop.name} before the end of the page`);
      return { stops, problems, reachedEnd: false, capped: false };
    }
    seen.add(stop.id);
    stops.push(stop);
    problems.push(...problemsOf(stop));
    // With `skipFrame`, Enter on the first stop (the skip link) passes the top bar and the
    // sections, already walked on another page, and the walk goes on in the page itself.
    if (skipFrame && stops.length === 1 && stop.name.startsWith('a “Skip to')) {
      await page.keyboard.press('Enter');
    }
  }
  const focusedLast = await page.evaluate(() => {
    const last = [
      ...document.querySelectorAll<HTMLElement>(
        'a[href], button, input, select, textarea, summary, [tabindex]',
      ),
    ]
      .filter((el) => el.tabIndex >= 0 && !el.matches(':disabled') && el.checkVisibility())
      .at(-1);
    last?.focus();
    return last !== undefined && document.activeElement === last;
  });
  const after = focusedLast ? await pressAndProbe(page, 'Tab') : null;
  return {
    stops,
    problems,
    reachedEnd: after !== null && (after.outside || after.id === stops[0]?.id),
    capped: true,
  };
}

/** Opens a control with a key while it has focus (it must be reached by Tab first). */
export async function tabTo(page: Page, target: Locator, cap = 80) {
  await expect(target).toBeVisible();
  for (let press = 0; press < cap; press++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}
