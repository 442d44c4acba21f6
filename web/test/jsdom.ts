// What jsdom lacks and the components call: stand-ins that do nothing, as a browser showing nothing would.

/** jsdom has no layout: no ResizeObserver, every box 0 px. */
export function noLayout() {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

/** jsdom has no scrolling; a tab list keeps its chosen tab in view with scrollBy. */
export function noScrolling() {
  Element.prototype.scrollBy ??= () => {};
}
