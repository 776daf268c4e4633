import { Link } from 'wouter';
import { useAdminStatus } from '@/lib/admin-session';
import { cn } from '@/lib/cn';

/**
 * Under "The final votes are being tallied. Please check back later!", for a signed-in instructor alone
 * (docs/product.md, Results): where the results are released, the "Results" switch on the cohort's card in
 * the dashboard's Cohorts tab (its words, as the card shows them). Teams never see it: their words stay the
 * specification's.
 */
export function ReleasePointer({ size = 'page' }: { size?: 'page' | 'present' }) {
  const { isAdmin } = useAdminStatus();
  if (!isAdmin) return null;
  return (
    <p
      className={cn(
        'mx-auto text-balance text-muted-foreground',
        size === 'page'
          ? 'mt-4 border-t border-border pt-4 text-sm leading-6'
          : 'max-w-[60vw] text-[clamp(1rem,1.3vw,1.75rem)]',
      )}
      data-testid="results-release-pointer"
    >
      Instructors: the results show here once this cohort’s “Results” switch is set to “Visible” on its card,
      in the dashboard’s Cohorts tab.{' '}
      <Link
        to="/admin?tab=cohorts"
        className="font-medium whitespace-nowrap text-primary underline underline-offset-4"
      >
        Open the Cohorts tab
      </Link>
    </p>
  );
}
