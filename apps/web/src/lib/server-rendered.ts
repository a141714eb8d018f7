/**
 * Whether the page being mounted is the one the server rendered (decision 0077): on the server,
 * always; in the browser, the first page of a visit whose HTML came rendered, until the visitor
 * moves to another page (RootLayout ends it). Lists that render their first answer in a background pass start
 * from the full list instead, so the app's first render shows what the server's markup shows.
 */
let serverRendered = typeof document === 'undefined';

export function isServerRendered(): boolean {
  return serverRendered;
}

export function setServerRendered(value: boolean): void {
  serverRendered = value;
}

let firstPageShown: () => void = () => undefined;
const firstPage = new Promise<void>((resolve) => (firstPageShown = resolve));

/**
 * The first page has committed (RoutePage's marker, after the page's own effects): the app's
 * adoption of a server-rendered page is over. Work that would change what that page's stores read
 * waits for it: a store whose value changes between a component's render and its effects makes
 * React render again synchronously, and a page still being adopted is then adopted in that one
 * unsliced pass (decision 0081).
 */
export function markFirstPageShown(): void {
  firstPageShown();
}

/** Runs `callback` now, or, while a server-rendered first page is being adopted, once it has been. */
export function afterFirstPage(callback: () => void): void {
  if (serverRendered) void firstPage.then(callback);
  else callback();
}
