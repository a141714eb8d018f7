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
