import {
  type Browser,
  type BrowserContext,
  test as base,
  type ConsoleMessage,
  expect,
  type WebError,
} from '@playwright/test';
import { E2E_PORT } from './ports';

export { expect };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Only the app's own pages are watched: the social providers' stand-ins (other ports) have
 * pages of their own whose console is not ours to keep clean.
 */
const isAppPage = (url: string | undefined) => {
  try {
    return new URL(url ?? '').port === String(E2E_PORT);
  } catch {
    return false;
  }
};

/**
 * Elements that may not sit inside a <p>. React renders them there without complaint in a
 * production build (the browser's parser would have closed the <p> first), so a page is
 * checked as it changes and reports the first one as a console error, which fails the test.
 */
const NOT_IN_PARAGRAPH =
  'address,article,aside,blockquote,details,div,dl,fieldset,figure,footer,form,h1,h2,h3,h4,h5,h6,header,hr,main,nav,ol,p,pre,section,table,ul';

function reportInvalidNesting(selector: string) {
  const reported = new WeakSet<Element>();
  const check = (root: Element) => {
    const inside = root.parentElement?.closest('p') && root.matches(selector) ? [root] : [];
    const found = [...inside, ...root.querySelectorAll(`p :is(${selector})`)];
    for (const element of found) {
      if (reported.has(element)) continue;
      reported.add(element);
      const paragraph = element.parentElement?.closest('p');
      const text = (paragraph?.textContent ?? '').trim().slice(0, 80);
      console.error(`Invalid DOM nesting: <${element.localName}> inside <p> ("${text}")`);
    }
  };
  const observe = () => {
    check(document.documentElement);
    new MutationObserver((mutations) => {
      for (const mutation of mutations)
        for (const node of mutation.addedNodes) if (node instanceof Element) check(node);
    }).observe(document.documentElement, { childList: true, subtree: true });
  };
  if (document.documentElement) observe();
  else document.addEventListener('DOMContentLoaded', observe, { once: true });
}

/**
 * What went wrong on the pages of one test: console errors (the nesting check's among them)
 * and uncaught exceptions. Every browser context the test opens is watched (the `page`
 * fixture's, `browser.newContext()`, `browser.newPage()`); a browser the test launches
 * itself is added with `watchBrowser`.
 */
export class PageProblems {
  private readonly seen: string[] = [];
  private readonly expected: RegExp[] = [];
  private readonly contexts = new WeakMap<BrowserContext, Promise<void>>();
  private readonly browsers: Browser[] = [];
  // A context the test makes itself is announced before `newContext()` resolves, so the
  // check is asked for before the test can open a page in it.
  private readonly onContext = (context: BrowserContext) => {
    this.watchContext(context).catch(() => {});
  };

  /** A problem the test causes on purpose; only messages matching it are let through. */
  expect(pattern: RegExp) {
    this.expected.push(pattern);
  }

  /**
   * An error answer the test provokes on purpose (a refused form, a forged link, a signed-out
   * visitor's session check): the browser reports the failed request on the console, and a
   * failed query logs "Top Level Catch" with the answer's message (SPEC §8).
   */
  expectErrorAnswer(status: number, message?: string) {
    this.expect(
      new RegExp(`Failed to load resource: the server responded with a status of ${status} `),
    );
    if (message) this.expect(new RegExp(`Top Level Catch ApiError: ${escapeRegExp(message)}`));
  }

  watchBrowser(browser: Browser) {
    for (const context of browser.contexts()) this.onContext(context);
    browser.on('context', this.onContext);
    this.browsers.push(browser);
  }

  /** Resolves once the nesting check is installed for the context's next pages. */
  watchContext(context: BrowserContext): Promise<void> {
    let watching = this.contexts.get(context);
    if (!watching) {
      watching = this.watch(context);
      this.contexts.set(context, watching);
    }
    return watching;
  }

  private async watch(context: BrowserContext) {
    context.on('console', (message: ConsoleMessage) => {
      if (message.type() !== 'error' || !isAppPage(message.page()?.url())) return;
      const { url, lineNumber } = message.location();
      const where = url ? ` (${url}:${lineNumber})` : '';
      this.seen.push(`console error on ${message.page()?.url() ?? '?'}: ${message.text()}${where}`);
    });
    context.on('weberror', (error: WebError) => {
      const page = error.page()?.url();
      if (!isAppPage(page)) return;
      // The top of the stack says which script threw (names are minified in the build).
      const frames = (error.error().stack ?? '').split('\n').slice(1, 4).join(' ');
      this.seen.push(`uncaught exception on ${page}: ${error.error().message} ${frames}`.trim());
    });
    await context.addInitScript(reportInvalidNesting, NOT_IN_PARAGRAPH);
  }

  unexpected() {
    return this.seen.filter((problem) => !this.expected.some((pattern) => pattern.test(problem)));
  }

  stop() {
    for (const browser of this.browsers) browser.off('context', this.onContext);
  }
}

/**
 * The browser tests' `test`: every spec imports it from here instead of '@playwright/test',
 * so a console error or an uncaught exception on any page fails the test that caused it.
 */
export const test = base.extend<{ pageProblems: PageProblems }>({
  pageProblems: [
    async ({ browser }, use) => {
      const problems = new PageProblems();
      problems.watchBrowser(browser);
      await use(problems);
      problems.stop();
      expect(problems.unexpected(), 'console errors or uncaught exceptions on the page').toEqual(
        [],
      );
    },
    { auto: true },
  ],
  context: async ({ context, pageProblems }, use) => {
    await pageProblems.watchContext(context);
    await use(context);
  },
});
