/**
 * What a new version of a programme would take away from the answers teams have given: a field's id given
 * another (the answers stay under the old one, and the field shows blank), or a choice's option value gone
 * (the team's choice shows blank). The editor never changes either; a programme written another way (its
 * API, a file) may, and the server refuses to publish it over teams' answers (src/server/programmes/routes.ts).
 * A field removed outright keeps its answers where they are, and comes back with them if a later version has
 * it again: that is not taken away.
 */

type FieldLike = { id: string; label: string; options?: readonly { value: string; label: string }[] };
type ActivityLike = { fields: readonly FieldLike[] };

/** A name the new version takes away, and where it is in the new version (`fields[2].id`). */
export type TakenName =
  | { kind: 'field'; activity: number; path: string; id: string; label: string; newId: string }
  | {
      kind: 'option';
      activity: number;
      path: string;
      id: string;
      label: string;
      value: string;
      optionLabel: string;
    };

const sameLabel = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The names `after` takes away from `before` (activities in order, 1 to 8): a field whose id is gone while
 * a field with a new id stands in its place (the same position among the fields, or the same label); an
 * option value gone from a field both versions have.
 */
export function namesTakenAway(before: readonly ActivityLike[], after: readonly ActivityLike[]): TakenName[] {
  const taken: TakenName[] = [];
  for (const [index, old] of before.entries()) {
    const next = after[index];
    if (!next) continue;
    const activity = index + 1;
    const oldIds = new Set(old.fields.map((field) => field.id));
    const newIds = new Set(next.fields.map((field) => field.id));
    const paired = new Set<number>();
    for (const [i, field] of old.fields.entries()) {
      if (newIds.has(field.id)) continue;
      const newcomer = (j: number) => j >= 0 && !oldIds.has(next.fields[j]?.id ?? field.id) && !paired.has(j);
      const labelled = next.fields.findIndex((f, j) => newcomer(j) && sameLabel(f.label, field.label));
      const j = labelled >= 0 ? labelled : i < next.fields.length && newcomer(i) ? i : -1;
      if (j < 0) continue;
      paired.add(j);
      taken.push({
        kind: 'field',
        activity,
        path: `fields[${j}].id`,
        id: field.id,
        label: field.label,
        newId: next.fields[j]!.id,
      });
    }
    for (const [j, field] of next.fields.entries()) {
      const was = old.fields.find((f) => f.id === field.id);
      if (!was?.options) continue;
      const values = new Set((field.options ?? []).map((option) => option.value));
      for (const option of was.options) {
        if (values.has(option.value)) continue;
        taken.push({
          kind: 'option',
          activity,
          path: `fields[${j}].options`,
          id: field.id,
          label: field.label,
          value: option.value,
          optionLabel: option.label,
        });
      }
    }
  }
  return taken;
}

/** What a problem says of a name taken away from teams' answers. */
export function takenNameMessage(name: TakenName): string {
  return name.kind === 'field'
    ? `"${name.label}" has answers from teams running this programme, stored under its id ${name.id}: it cannot take another id (${name.newId}). Put ${name.id} back; its label can change.`
    : `Teams running this programme chose "${name.optionLabel}" (${name.value}) in "${name.label}": that option cannot go or take another value, or their choice would be blank. Put it back; its label can change.`;
}
