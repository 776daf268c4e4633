import { Link } from 'wouter';

/** Footer links to /credits and /privacy show only when enabled. */
export const FOOTER_LINKS_ENABLED = true;

export function Footer() {
  return (
    <footer className="mt-auto border-t border-border bg-surface">
      <div className="mx-auto flex max-w-7xl flex-col items-center gap-2 px-4 py-6 text-center text-sm text-muted-foreground sm:flex-row sm:justify-between sm:text-left">
        <p>Powered by the Applied AI Institute's Entrepreneurship Programme.</p>
        {FOOTER_LINKS_ENABLED && (
          <nav aria-label="Legal" className="flex gap-4">
            <Link to="/credits" className="underline-offset-4 hover:text-foreground hover:underline">
              Credits
            </Link>
            <Link to="/privacy" className="underline-offset-4 hover:text-foreground hover:underline">
              Privacy
            </Link>
          </nav>
        )}
      </div>
    </footer>
  );
}
