import { expect, it } from 'vitest';
import { isActivityDone } from '../../shared/activity-done.ts';
import { PHASE_NUMBERS } from '../../shared/phases.ts';
import type { AdminTeam } from '../../shared/schemas/team.ts';
import { isSharedFactId } from '../../shared/shared-facts.ts';
import { phaseData, teamFacts } from '../db/schema.ts';
import { configOf } from '../../../testing/phase-content.ts';
import { createAdminSession, createTeamSession, describeApi } from '../../../testing/api/test-app.ts';

type Answers = Record<number, Record<string, unknown>>;

/** Every required field of the activity answered with `value` (every field, for an activity without any). */
function fill(phase: number, value: unknown): Record<string, unknown> {
  const fields = configOf(phase).fields;
  const required = fields.filter((field) => field.required);
  return Object.fromEntries((required.length > 0 ? required : fields).map((field) => [field.id, value]));
}

describeApi("the activities a team has done (the board's GET /api/teams)", (ctx) => {
  it('are those the shared rule says, a shared fact read from the team’s one copy', async () => {
    const admin = await createAdminSession(ctx.app);
    const answers: Answers = {};
    for (const phase of PHASE_NUMBERS) answers[phase] = fill(phase, 'answered');
    // Activity 2: one required field blank. Activity 5: nothing saved.
    const firstRequired2 = configOf(2).fields.find((field) => field.required);
    if (firstRequired2) answers[2]![firstRequired2.id] = '   ';
    delete answers[5];

    // A shared fact kept blank in the team's copy while an activity's own answers still hold an old value:
    // the team's copy wins. Another shared fact only in the team's copy: it counts.
    const sharedRequired = PHASE_NUMBERS.flatMap((phase) =>
      configOf(phase)
        .fields.filter((field) => field.required && isSharedFactId(field.id))
        .map((field) => ({ phase, id: field.id })),
    );
    const facts: Record<string, string> = {};
    // The blanked fact is the one the fewest activities require, so others stay done.
    const requiredIn = (id: string) => sharedRequired.filter((f) => f.id === id).length;
    const byFewest = [...sharedRequired].sort((a, b) => requiredIn(a.id) - requiredIn(b.id));
    const blanked = byFewest[0];
    const onlyInFacts = byFewest.find((f) => f.id !== blanked?.id);
    if (blanked) facts[blanked.id] = '';
    if (onlyInFacts) {
      facts[onlyInFacts.id] = 'Acme';
      for (const phase of PHASE_NUMBERS) delete answers[phase]?.[onlyInFacts.id];
    }

    const team = await createTeamSession(ctx.app, 'Board');
    const empty = await createTeamSession(ctx.app, 'Empty');
    for (const [phase, data] of Object.entries(answers)) {
      await ctx.app.db.insert(phaseData).values({ teamId: team.team.id, phaseNumber: Number(phase), data });
    }
    for (const [factId, value] of Object.entries(facts)) {
      await ctx.app.db.insert(teamFacts).values({ teamId: team.team.id, factId, value, givenIn: 1 });
    }

    const expected = PHASE_NUMBERS.filter((phase) =>
      isActivityDone(configOf(phase).fields, answers[phase], facts),
    );
    // The case is not trivial: some done, some not.
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(PHASE_NUMBERS.length);

    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/teams',
      headers: { cookie: admin.cookie },
    });
    expect(list.statusCode).toBe(200);
    const byName = new Map((list.json() as AdminTeam[]).map((t) => [t.name, t]));
    expect(byName.get('Board')!.activitiesDone).toEqual(expected);
    expect(byName.get('Empty')!.activitiesDone).toEqual([]);
    expect(empty.team.id).toBeTruthy();
  });
});
