import { BookOpen } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { ProgrammeTime } from './programme-time';

const STEPS: { title: string; body: string }[] = [
  {
    title: 'Create the cohort before the day starts',
    body: 'In the Cohorts tab, give it a permanent tag (lowercase letters, numbers and hyphens) and a name, and leave Joining open. Teams join it themselves, so it must be there before they arrive.',
  },
  {
    title: 'Show its join code on the projector',
    body: 'Open the cohort’s Room screen on the projector as the room arrives: each team scans its QR code, or types the room code at the address it shows, creates its workspace (and keeps its 4-character Workspace Code) and joins with one press. Teams appear in the Participants tab straight away.',
  },
  {
    title: 'Move teams if you need to',
    body: 'A team that joined the wrong cohort, or none: in the Participants tab, tick it (filter and search help), choose the cohort and press Assign. A team belongs to one cohort at a time; assigning it elsewhere moves it.',
  },
  {
    title: 'Collect websites',
    body: 'Teams submit their deployed site in activity 8. Submissions are always open; the cohort card counts them and the Participants tab flags teams that still need to submit once voting is open.',
  },
  {
    title: 'Run the competition (optional)',
    body: 'Switch Competition on for the cohort. Open voting when the room is ready: each team ranks its top 3 sites from other teams. Watch "N of M teams voted" climb live, then close voting.',
  },
  {
    title: 'Reveal the results',
    body: 'Set Results to Visible, open the results page on the projector and press the reveal button together. Leave Competition off for a plain showcase without voting.',
  },
  {
    title: 'Wrap up',
    body: 'Export CSV keeps every team’s progress for your records. Archive the cohort when it is over; you can restore it at any time.',
  },
];

/** How to run a cohort, from creating it before the day to the podium. */
export function InstructionsDialog() {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline">
          <BookOpen aria-hidden /> Instructions
        </Button>
      </DialogTrigger>
      <DialogContent width="wider">
        <DialogHeader>
          <DialogTitle>How to run a cohort</DialogTitle>
          <DialogDescription>
            From creating the cohort to the winners' podium, in seven steps.
          </DialogDescription>
        </DialogHeader>
        <ol className="flex flex-col gap-4">
          {STEPS.map((step, i) => (
            <li key={step.title} className="flex gap-3">
              <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary-soft text-sm font-semibold text-primary">
                {i + 1}
              </span>
              <div>
                <h3 className="font-semibold">{step.title}</h3>
                <p className="text-sm leading-relaxed text-muted-foreground">{step.body}</p>
              </div>
            </li>
          ))}
        </ol>
        <ProgrammeTime />
      </DialogContent>
    </Dialog>
  );
}
