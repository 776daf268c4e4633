import type { ShowcaseTeam, Vote } from '@shared/schemas/showcase';
import { PartyPopper } from 'lucide-react';
import { Card, CardContent } from '@/components/ui/card';
import type { BallotDraft, Rank } from '../lib/ballot-draft';
import { RankingList } from './ballot-panel';

/** 'Thank you for voting!' with what the team ranked. */
export function BallotReceipt({ votes, teamsById }: { votes: Vote[]; teamsById: Map<string, ShowcaseTeam> }) {
  const draft: BallotDraft = {};
  for (const vote of votes) draft[vote.rank as Rank] = vote.voted_for_team_id;
  const ranks = votes.map((vote) => vote.rank as Rank).sort();
  return (
    <Card className="border-success/30 bg-success-soft" data-testid="ballot-receipt">
      <CardContent className="flex flex-col gap-4 pt-5 sm:pt-6">
        <div className="flex items-center gap-3">
          <PartyPopper className="size-8 shrink-0 text-success" aria-hidden="true" />
          <div>
            <h2 className="text-xl font-semibold">Thank you for voting!</h2>
            <p className="text-sm text-muted-foreground">Your team's ballot has been counted. You ranked:</p>
          </div>
        </div>
        <RankingList ranks={ranks} draft={draft} teamsById={teamsById} size="compact" />
      </CardContent>
    </Card>
  );
}
