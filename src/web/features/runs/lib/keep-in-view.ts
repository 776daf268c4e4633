/**
 * Brings `element`'s end into view: within each scrolling box it sits in (the preview's column, sticky
 * beside the form at 1280 px), then in the window. `scrollIntoView` does not do it inside a sticky box.
 */
export function keepInView(element: HTMLElement, margin = 16): void {
  for (let box = element.parentElement; box; box = box.parentElement) {
    const overflow = getComputedStyle(box).overflowY;
    if ((overflow !== 'auto' && overflow !== 'scroll') || box.scrollHeight <= box.clientHeight) continue;
    const below = element.getBoundingClientRect().bottom - box.getBoundingClientRect().bottom;
    if (below > 0) box.scrollTop += below + margin;
  }
  const rect = element.getBoundingClientRect();
  const below = rect.bottom - window.innerHeight;
  // The end in view, but never its start pushed above the window's top.
  if (below > 0) window.scrollBy(0, Math.min(below + margin, Math.max(0, rect.top - margin)));
}
