/**
 * The slice of the Playwright API the site's browser tests use, typed here because `astro check` (Volar) cannot
 * follow playwright-core's re-exported declarations while `tsc` can. The runtime is the real `playwright` package.
 */
export interface Locator {
  locator(selector: string, options?: { hasText?: string | RegExp }): Locator;
  first(): Locator;
  nth(index: number): Locator;
  all(): Promise<Locator[]>;
  count(): Promise<number>;
  click(): Promise<void>;
  check(): Promise<void>;
  uncheck(): Promise<void>;
  fill(value: string): Promise<void>;
  selectOption(value: string): Promise<string[]>;
  inputValue(): Promise<string>;
  selectText(): Promise<void>;
  getAttribute(name: string): Promise<string | null>;
  focus(): Promise<void>;
  innerText(): Promise<string>;
  allInnerTexts(): Promise<string[]>;
  waitFor(options?: { timeout?: number }): Promise<void>;
  evaluate<R>(fn: (element: Element) => R): Promise<R>;
  evaluate<R, A>(fn: (element: Element, arg: A) => R, arg: A): Promise<R>;
  evaluateAll<R>(fn: (elements: Element[]) => R): Promise<R>;
}
export interface Dialog {
  message(): string;
  dismiss(): Promise<void>;
}
export interface Download {
  path(): Promise<string>;
}
export interface Route {
  continue(): Promise<void>;
}
export interface Page extends Pick<Locator, 'locator'> {
  goto(url: string): Promise<{ status(): number } | null>;
  goBack(): Promise<unknown>;
  reload(): Promise<unknown>;
  url(): string;
  title(): Promise<string>;
  close(): Promise<void>;
  on(event: 'dialog', handler: (dialog: Dialog) => void): void;
  on(event: 'requestfinished', handler: (request: { sizes(): Promise<{ responseBodySize: number }> }) => void): void;
  on(event: 'worker', handler: (worker: { url(): string }) => void): void;
  addInitScript(fn: () => void): Promise<void>;
  route(url: RegExp, handler: (route: Route) => Promise<void>): Promise<void>;
  waitForFunction(fn: () => boolean): Promise<unknown>;
  waitForFunction<A>(fn: (arg: A) => boolean, arg: A): Promise<unknown>;
  /** Evaluates `expression` in the page as the devtools do: a page's Content-Security-Policy does not apply. */
  evaluate<R>(expression: string): Promise<R>;
  evaluate<R>(fn: () => R): Promise<R>;
  evaluate<R, A>(fn: (arg: A) => R, arg: A): Promise<R>;
  waitForURL(url: string): Promise<void>;
  waitForSelector(selector: string): Promise<unknown>;
  waitForLoadState(state: 'networkidle'): Promise<void>;
  waitForTimeout(ms: number): Promise<void>;
  waitForEvent(event: 'download'): Promise<Download>;
  setViewportSize(size: { width: number; height: number }): Promise<void>;
  screenshot(options: { path: string; fullPage?: boolean }): Promise<unknown>;
  keyboard: { press(key: string): Promise<void>; type(text: string, options?: { delay?: number }): Promise<void> };
  mouse: { move(x: number, y: number): Promise<void> };
}
export interface BrowserContext {
  newPage(): Promise<Page>;
  on(event: 'request', handler: (request: { url(): string }) => void): void;
}
export interface ContextOptions {
  acceptDownloads?: boolean;
  javaScriptEnabled?: boolean;
  viewport?: { width: number; height: number };
}
export interface Browser {
  newContext(options?: ContextOptions): Promise<BrowserContext>;
  close(): Promise<void>;
}
interface Chromium {
  launch(options: { executablePath: string; args: string[] }): Promise<Browser>;
}

export async function loadChromium(): Promise<Chromium> {
  return ((await import('playwright')) as unknown as { chromium: Chromium }).chromium;
}
