import { lazy, type ComponentType } from 'react';

/**
 * A lazily loaded screen that renders at once when its module has already arrived. React.lazy suspends on its
 * first render even then (its promise settles a microtask later): the page commits its fallback, and React holds
 * the screen back until 300 ms after that fallback appeared (its Suspense reveal throttle). The early start
 * (./early.ts) loads the explorer before React's first render, so an opened run renders in one pass.
 */
export function preloadable<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> & { preload(): Promise<ComponentType<P>> } {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined; // a failed chunk load is tried again by the next render
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Preloadable(props: P) {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  return Object.assign(Preloadable, { preload });
}
