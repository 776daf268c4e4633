import { POINTS_BY_RANK } from '@shared/scoring';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { RankBadge } from './rank-badge';

const RANKS = [
  { rank: 1, label: '1st place vote' },
  { rank: 2, label: '2nd place vote' },
  { rank: 3, label: '3rd place vote' },
] as const;

/** The 'Scoring System': how ranked votes become points, and how equal points are placed. */
export function ScoringSystemCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl sm:text-2xl">Scoring System</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <ul className="grid gap-3 sm:grid-cols-3">
          {RANKS.map(({ rank, label }) => (
            <li key={rank} className="flex items-center gap-3 rounded-lg border border-border p-3">
              <RankBadge place={rank} />
              <span>
                <span className="block font-semibold sm:text-lg">{label}</span>
                <span className="text-muted-foreground">
                  {POINTS_BY_RANK[rank]} {POINTS_BY_RANK[rank] === 1 ? 'point' : 'points'}
                </span>
              </span>
            </li>
          ))}
        </ul>
        <p className="text-muted-foreground sm:text-lg">
          Each team ranks its top 3 sites from other teams in its cohort. A team's points are the sum of its
          votes; each bar shows its points against the highest score.
        </p>
        <p className="text-muted-foreground sm:text-lg" data-testid="tie-break-rule">
          On equal points, the team with more 1st place votes is ahead, then the one with more 2nd place
          votes. Teams still equal share the place (shown as "=2nd"); the name order never decides a place.
        </p>
      </CardContent>
    </Card>
  );
}
