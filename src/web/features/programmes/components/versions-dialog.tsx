import type { ProgrammeDetail } from '@shared/schemas/programmes';
import { History, Upload } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';

/**
 * Every published version, newest first, with who published it and when; an earlier one can be published
 * again. Its buttons are disabled while `busy` (a publish or a republish on its way), the one of
 * `publishingAgain` showing a spinner.
 */
export function VersionsDialog({
  programme,
  publishingAgain,
  busy,
  onPublishAgain,
}: {
  programme: Pick<ProgrammeDetail, 'name' | 'standard' | 'versions' | 'publishedVersion'>;
  publishingAgain: number | null;
  busy: boolean;
  onPublishAgain: (version: number) => void;
}) {
  const versions = [...programme.versions].sort((a, b) => b.version - a.version);
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <History aria-hidden /> Versions
          <span className="rounded-full bg-muted px-2 py-0.5 text-xs tabular-nums">{versions.length}</span>
        </Button>
      </DialogTrigger>
      <DialogContent width="wide">
        <DialogHeader>
          <DialogTitle>Versions of {programme.name}</DialogTitle>
          <DialogDescription>
            Publishing makes a new version; every version is kept. Teams run the newest.
          </DialogDescription>
        </DialogHeader>
        {versions.length === 0 ? (
          <p className="text-sm text-muted-foreground">Not published yet.</p>
        ) : (
          <ol className="divide-y divide-border rounded-lg border border-border">
            {versions.map((version) => {
              const newest = version.version === programme.publishedVersion;
              return (
                <li
                  key={version.version}
                  className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
                >
                  <div>
                    <p className="font-medium">
                      Version {version.version}
                      {newest && (
                        <span className="ml-2 text-sm font-normal text-primary">Teams run this one</span>
                      )}
                    </p>
                    <p className="text-sm text-muted-foreground">
                      {version.publishedBy ? `Published by ${version.publishedBy}, ` : 'Published '}
                      {new Date(version.publishedAt).toLocaleString(undefined, {
                        dateStyle: 'medium',
                        timeStyle: 'short',
                      })}
                    </p>
                  </div>
                  {!newest && !programme.standard && (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={busy}
                      onClick={() => onPublishAgain(version.version)}
                    >
                      {publishingAgain === version.version ? (
                        <Spinner className="size-4 text-current" label="Publishing" />
                      ) : (
                        <Upload aria-hidden />
                      )}
                      Publish again<span className="sr-only"> version {version.version}</span>
                    </Button>
                  )}
                </li>
              );
            })}
          </ol>
        )}
      </DialogContent>
    </Dialog>
  );
}
