import * as React from 'react';

/** How long a copy button says it copied. */
export const COPIED_INDICATOR_MS = 3000;

/**
 * Copies text to the clipboard. `copy` resolves to whether it worked (the caller says so, or says why
 * not); `copied` is true for COPIED_INDICATOR_MS after the last copy that worked.
 */
export function useCopyToClipboard(): { copied: boolean; copy: (text: string) => Promise<boolean> } {
  const [copied, setCopied] = React.useState(false);
  const timer = React.useRef<ReturnType<typeof setTimeout>>(undefined);
  React.useEffect(() => () => clearTimeout(timer.current), []);

  const copy = React.useCallback(async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      return false;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_INDICATOR_MS);
    return true;
  }, []);

  return { copied, copy };
}
