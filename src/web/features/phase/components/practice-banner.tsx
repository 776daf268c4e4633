import { FlaskConical } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { openWorkspaceDialog, useWorkspace } from '@/features/workspace';

/**
 * Practice mode says so at the top of the activity (docs/product.md, Activity page): the workspace
 * dialog's words, "Practice mode: progress is not saved", with what that means beside them. Shown once the
 * visitor has chosen practice mode (or closed the dialog), never behind the dialog still asking: a first
 * visit's pre-rendered page has no banner, and gets it when the choice is made.
 */
export function PracticeBanner() {
  const { mode } = useWorkspace();
  if (mode.kind !== 'practice' || !mode.chosen) return null;
  return (
    <section
      aria-label="Practice mode"
      className="flex flex-col gap-3 rounded-xl border border-warning/30 bg-warning-soft px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between"
      data-testid="practice-banner"
    >
      <p className="flex items-start gap-2">
        <FlaskConical className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden />
        <span>
          <strong className="font-semibold">Practice mode: progress is not saved</strong>
          <span className="text-muted-foreground">
            {' '}
            to a workspace. Your answers stay in this browser only: your team and your instructor do not see
            them.
          </span>
        </span>
      </p>
      <Button
        size="sm"
        variant="outline"
        className="shrink-0 self-start sm:self-auto"
        onClick={() => openWorkspaceDialog({ destination: 'phase' })}
      >
        Save to a workspace
      </Button>
    </section>
  );
}
