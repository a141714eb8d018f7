import { createElement, lazy, useState, type ComponentType } from 'react';

/**
 * React.lazy that can be loaded ahead (decision 0077): once `preload()` has resolved, the component
 * renders at once instead of suspending first. A page the server rendered is replaced by the app's
 * first render; with the page's code loaded before that render (main.tsx), it replaces the server's
 * markup with the same page, not with a loading fallback. Which one to render is decided once per
 * mount: an instance that mounted through lazy keeps it, so it is never remounted.
 */
export function preloadableLazy<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Preloadable(props: P) {
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement(Component, props);
  }
  return Object.assign(Preloadable, { preload });
}
