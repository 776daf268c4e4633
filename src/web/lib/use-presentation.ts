import * as React from 'react';

/**
 * Presentation mode, for a projector: `enter()` (from a click: browsers grant full screen only to a user's
 * gesture) asks for full screen where the browser offers it and marks the document, so the header and the
 * footer step aside (styles.css, `html[data-presenting]`) and the page lays itself out for the screen.
 * Esc, the page's Exit button, or leaving full screen by the browser's own means all end it; so does
 * leaving the page.
 */
export function usePresentation() {
  const [presenting, setPresenting] = React.useState(false);

  const exit = React.useCallback(() => {
    setPresenting(false);
    if (typeof document !== 'undefined' && document.fullscreenElement) {
      void document.exitFullscreen().catch(() => {});
    }
  }, []);

  const enter = React.useCallback(() => {
    setPresenting(true);
    const root = document.documentElement;
    // Full screen is a bonus: the layout works in a plain window too (and where it is refused).
    if (root.requestFullscreen && !document.fullscreenElement) {
      void root.requestFullscreen({ navigationUI: 'hide' }).catch(() => {});
    }
  }, []);

  React.useEffect(() => {
    if (!presenting) return;
    const root = document.documentElement;
    root.dataset.presenting = '';
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) exit();
    };
    // In full screen the browser takes Esc for itself and leaves full screen: presentation ends with it.
    let wasFullscreen = Boolean(document.fullscreenElement);
    const onFullscreen = () => {
      if (document.fullscreenElement) wasFullscreen = true;
      else if (wasFullscreen) exit();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('fullscreenchange', onFullscreen);
    return () => {
      delete root.dataset.presenting;
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('fullscreenchange', onFullscreen);
    };
  }, [presenting, exit]);

  React.useEffect(() => exit, [exit]);

  return { presenting, enter, exit };
}
