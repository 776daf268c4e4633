import { describe, expect, it } from 'vitest';
import { namesTakenAway, takenNameMessage } from './programme-renames.ts';

const field = (id: string, label: string, options?: string[]) => ({
  id,
  label,
  ...(options ? { options: options.map((value) => ({ value, label: value.toUpperCase() })) } : {}),
});

describe('namesTakenAway', () => {
  const before = [
    {
      fields: [
        field('company', 'Company'),
        field('competitor_notes', 'Notes'),
        field('depth', 'Depth', ['quick', 'deep']),
      ],
    },
  ];

  it('a field whose id changed in place, or under the same label, is taken away', () => {
    const inPlace = [
      {
        fields: [
          field('company', 'Company'),
          field('rival_notes', 'Rival notes'),
          field('depth', 'Depth', ['quick', 'deep']),
        ],
      },
    ];
    expect(namesTakenAway(before, inPlace)).toEqual([
      {
        kind: 'field',
        activity: 1,
        path: 'fields[1].id',
        id: 'competitor_notes',
        label: 'Notes',
        newId: 'rival_notes',
      },
    ]);
    const moved = [
      {
        fields: [
          field('rival_notes', 'notes'),
          field('company', 'Company'),
          field('depth', 'Depth', ['quick', 'deep']),
        ],
      },
    ];
    expect(namesTakenAway(before, moved)).toMatchObject([
      { kind: 'field', path: 'fields[0].id', newId: 'rival_notes' },
    ]);
  });

  it('a field removed outright, or a field added, takes nothing away', () => {
    expect(
      namesTakenAway(before, [
        { fields: [field('company', 'Company'), field('depth', 'Depth', ['quick', 'deep'])] },
      ]),
    ).toEqual([]);
    expect(namesTakenAway(before, [{ fields: [...before[0]!.fields, field('extra', 'Extra')] }])).toEqual([]);
    expect(namesTakenAway(before, before)).toEqual([]);
  });

  it('an option value gone (renamed or removed) from a field both versions have is taken away', () => {
    const renamed = [
      {
        fields: [
          field('company', 'Company'),
          field('competitor_notes', 'Notes'),
          field('depth', 'Depth', ['quick', 'thorough']),
        ],
      },
    ];
    const taken = namesTakenAway(before, renamed);
    expect(taken).toEqual([
      {
        kind: 'option',
        activity: 1,
        path: 'fields[2].options',
        id: 'depth',
        label: 'Depth',
        value: 'deep',
        optionLabel: 'DEEP',
      },
    ]);
    expect(takenNameMessage(taken[0]!)).toBe(
      'Teams running this programme chose "DEEP" (deep) in "Depth": that option cannot go or take another value, or their choice would be blank. Put it back; its label can change.',
    );
  });

  it('says the field by its name', () => {
    const [name] = namesTakenAway(before, [
      {
        fields: [
          field('company', 'Company'),
          field('rival_notes', 'Notes'),
          field('depth', 'Depth', ['quick', 'deep']),
        ],
      },
    ]);
    expect(takenNameMessage(name!)).toBe(
      '"Notes" has answers from teams running this programme, stored under its id competitor_notes: it cannot take another id (rival_notes). Put competitor_notes back; its label can change.',
    );
  });
});
