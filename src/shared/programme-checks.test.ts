import { describe, expect, it } from 'vitest';
import { readConfig } from '../../testing/phase-content.ts';
import type { PhaseConfig } from './phase-config.ts';
import { PHASE_NUMBERS } from './phases.ts';
import { checkProgramme, PROGRAMME_LIMITS, type ProgrammeProblem, problemText } from './programme-checks.ts';
import { tokenizeTemplate } from './prompt-template.ts';
import { SHARED_FACT_IDS } from './shared-facts.ts';

/**
 * Each check fires on a programme broken in one place (the shipped configs, read as JSON, with one edit),
 * naming the activity, the path and what is wrong. The shipped programme itself has no problem
 * (src/server/content/phase-configs.test.ts).
 */

type Edit = (configs: PhaseConfig[]) => void;

/** The problems of the shipped programme after `edit`. */
function problemsAfter(edit: Edit): ProgrammeProblem[] {
  const configs = PHASE_NUMBERS.map((phase) => structuredClone(readConfig(phase)) as PhaseConfig);
  edit(configs);
  return checkProgramme(configs);
}

const at = (configs: PhaseConfig[], phase: number) => configs[phase - 1]!;
const fieldIndex = (config: PhaseConfig, id: string) => config.fields.findIndex((f) => f.id === id);
const addToTemplate =
  (phase: number, text: string): Edit =>
  (configs) => {
    at(configs, phase).promptTemplate += text;
  };
const problem = (activity: number | null, path: string, message: string | RegExp) => ({
  activity,
  path,
  message: typeof message === 'string' ? message : expect.stringMatching(message),
});

describe('checkProgramme', () => {
  it('finds nothing wrong with the shipped programme', () => {
    expect(problemsAfter(() => {}).map(problemText)).toEqual([]);
  });

  describe('what start-up refused before: the schema, with where it is', () => {
    it('names the path of a field the schema refuses, in plain words', () => {
      const problems = problemsAfter((configs) => {
        const assets = at(configs, 6);
        assets.fields[fieldIndex(assets, 'visual_style')]!.options![1]!.value = ' ';
        delete (at(configs, 2) as Partial<PhaseConfig>).intro;
        at(configs, 3).instructions = [];
      });
      expect(problems).toEqual([
        problem(2, 'intro', 'Missing: give a string here.'),
        problem(3, 'instructions', 'Needs at least 1 item.'),
        problem(6, 'fields[7].options[1].value', 'Empty: write something here.'),
      ]);
    });

    it("names the path of the schema's own rules: a duplicate field, a need reading no field, a second handoff", () => {
      let lastOfBrief = 0;
      const problems = problemsAfter((configs) => {
        const evidence = at(configs, 3);
        evidence.fields[3] = { ...evidence.fields[3]!, id: 'core_benefit' };
        at(configs, 2).needs![0]!.anyOf.push('nothing_here');
        const brief = at(configs, 5);
        brief.fields[0] = { ...brief.fields.at(-1)!, id: 'second_handoff' };
        lastOfBrief = brief.fields.length - 1;
      });
      expect(problems).toContainEqual(
        problem(
          3,
          'fields[3].id',
          /has the same id as another field of this activity: give it an id of its own\.$/,
        ),
      );
      expect(problems).toContainEqual(
        problem(
          2,
          'needs[0].anyOf[3]',
          'need "the competitors to score": "nothing_here" reads no field of this form',
        ),
      );
      expect(problems).toContainEqual(
        problem(5, `fields[${lastOfBrief}].handoff`, 'at most one handoff field'),
      );
    });

    it('refuses a config that says it is another activity, and a programme without eight', () => {
      expect(
        problemsAfter((configs) => {
          at(configs, 2).phase = 3;
        }),
      ).toEqual([problem(2, 'phase', "This is activity 2's config, but it says it is activity 3.")]);
      const seven = PHASE_NUMBERS.slice(0, 7).map(readConfig);
      expect(checkProgramme(seven)).toContainEqual(
        problem(null, '', 'The programme has 7 activities; it needs 8, one for each of activities 1 to 8.'),
      );
    });

    it('never throws, whatever it is given', () => {
      const problems = checkProgramme([null, 'text', 3, [], {}, { phase: 6 }, undefined, true]);
      expect(new Set(problems.map((p) => p.activity))).toEqual(new Set(PHASE_NUMBERS));
      expect(problems[0]).toEqual(problem(1, '', 'Should be an object.'));
      expect(checkProgramme([])).toEqual([problem(null, '', /has 0 activities/)]);
    });
  });

  describe('time', () => {
    it("refuses an activity's estimated time that is not the sum of its class steps' times", () => {
      expect(
        problemsAfter((configs) => {
          at(configs, 4).estimatedTime = '10 min';
        }),
      ).toEqual([
        problem(
          4,
          'estimatedTime',
          `The estimated time "10 min" is not the sum of the class steps' times (45-50 minutes)`,
        ),
      ]);
      expect(
        problemsAfter((configs) => {
          delete at(configs, 1).stepByStepFlow![1]!.time;
        }),
      ).toContainEqual(
        problem(1, 'stepByStepFlow[1].time', 'every step needs a time for estimatedTime to add up'),
      );
    });

    it('refuses a programme whose class time is over a day of 6 h 30 min', () => {
      const problems = problemsAfter((configs) => {
        const research = at(configs, 1);
        research.stepByStepFlow![0]!.time = '70 min';
        research.estimatedTime = '105-110 minutes';
      });
      expect(problems).toEqual([
        problem(
          null,
          '',
          'The activities take up to 7 h 30 min of class time; a day holds 6 h 30 min. Shorten some steps, or make some homework.',
        ),
      ]);
    });
  });

  describe('what a page numbers', () => {
    it('finds a step, a sub-step or a decision box section that skips a number', () => {
      const problems = problemsAfter((configs) => {
        const research = at(configs, 1);
        research.stepByStepFlow![2]!.step = 4;
        research.stepByStepFlow![0]!.details!.steps[1]!.number = 3;
        research.decisionBoxContent!.sections[2]!.number = 5;
      });
      expect(problems).toEqual([
        problem(
          1,
          'stepByStepFlow[2].step',
          'Step 3 is numbered 4: they count 1, 2, 3 in the order they are listed.',
        ),
        problem(
          1,
          'stepByStepFlow[0].details.steps[1].number',
          "Step 1's sub-step 2 is numbered 3: they count 1, 2, 3 in the order they are listed.",
        ),
        problem(
          1,
          'decisionBoxContent.sections[2].number',
          'Decision box section 3 is numbered 5: they count 1, 2, 3 in the order they are listed.',
        ),
      ]);
    });
  });

  describe('what a template reads', () => {
    it('finds an unknown variable: not its own field, not a shared fact, not a real answer of another activity', () => {
      const problems = problemsAfter(
        addToTemplate(
          3,
          '\n\n{{made_up}} {{phase1.nope}} {{#if phase9.goal}}Goal.{{/if}} {{#if phase3.tone}}Tone.{{/if}} {{#if phase01.company_name}}Name.{{/if}} {{#if PHASE1.nope}}Upper.{{/if}}',
        ),
      );
      expect(problems).toContainEqual(
        problem(
          3,
          'promptTemplate',
          "Unknown placeholder {{made_up}}: no field of this activity, shared fact or other activity's answer has that id. Use a field's id as the field shows it, or another activity's answer as {{phase2.its_id}}.",
        ),
      );
      expect(problems).toContainEqual(
        problem(
          3,
          'promptTemplate',
          'Unknown placeholder {{phase1.nope}}: activity 1 has no field with the id "nope".',
        ),
      );
      expect(problems).toContainEqual(
        problem(3, 'promptTemplate', '{{phase9.goal}} reads activity 9; the activities are 1 to 8.'),
      );
      // The renderer reads neither `phase01` nor any other way of writing 1 but `phase1` and `PHASE1`.
      expect(problems).toContainEqual(
        problem(
          3,
          'promptTemplate',
          '{{phase01.company_name}} reads activity 01; the activities are 1 to 8.',
        ),
      );
      expect(problems).toContainEqual(
        problem(
          3,
          'promptTemplate',
          'Unknown placeholder {{PHASE1.nope}}: activity 1 has no field with the id "nope".',
        ),
      );
      expect(problems).toContainEqual(
        problem(3, 'promptTemplate', '{{phase3.tone}} names this activity: read its own answer as {{tone}}.'),
      );
    });

    it('finds a condition that compares a choice with a value it does not offer', () => {
      const problems = problemsAfter((configs) => {
        const evidence = at(configs, 3);
        evidence.promptTemplate = evidence.promptTemplate.replace(
          'tone == "persuasive"',
          'tone == "persuasiv"',
        );
      });
      expect(problems).toContainEqual(
        problem(
          3,
          'promptTemplate',
          '{{#if tone == "persuasiv"}} never holds: "Tone" has no option "persuasiv" (its options: scientific, parent_friendly, persuasive).',
        ),
      );
    });

    it("finds a shared fact shown on a form that does not ask it, and another activity's answer outside its {{#if}}", () => {
      const competitors = readConfig(2) as PhaseConfig;
      const notAsked = SHARED_FACT_IDS.find((id) => !competitors.fields.some((f) => f.id === id))!;
      const problems = problemsAfter(
        addToTemplate(2, `\n\nFor {{${notAsked}}}: {{phase1.research_findings}}`),
      );
      expect(problems).toContainEqual(
        problem(
          2,
          'promptTemplate',
          `{{${notAsked}}} shows a shared fact this form does not ask, so a team could not fill it here: read it only in conditions, or add the field.`,
        ),
      );
      expect(problems).toContainEqual(
        problem(
          2,
          'promptTemplate',
          '{{phase1.research_findings}} stands outside {{#if phase1.research_findings}}: give it a fallback for a team that has not done that activity.',
        ),
      );
    });

    it("finds a choice's stored value shown raw where a choice may be made", () => {
      expect(problemsAfter(addToTemplate(3, '\n\nTone: {{tone}}.'))).toContainEqual(
        problem(3, 'promptTemplate', /^\{\{tone\}\} would show a choice's stored value \("scientific"\)/),
      );
    });
  });

  describe('needs', () => {
    it('finds a need that no answer can meet, and each condition that can never hold', () => {
      const problems = problemsAfter((configs) => {
        at(configs, 2).needs![0]!.anyOf = ['phase1.nope', 'evidence_approach == "psychic"'];
      });
      expect(problems).toContainEqual(
        problem(
          2,
          'needs[0].anyOf[0]',
          'The condition phase1.nope can never hold: "phase1.nope" is not an answer any activity asks.',
        ),
      );
      expect(problems).toContainEqual(
        problem(
          2,
          'needs[0].anyOf[1]',
          'The condition evidence_approach == "psychic" can never hold: "Evidence approach" has no option "psychic" (its options: web_research, team_knowledge).',
        ),
      );
      expect(problems).toContainEqual(
        problem(
          2,
          'needs[0]',
          '"the competitors to score" can never be met: no answer makes any of its conditions hold, so every team would be told it is missing.',
        ),
      );
    });

    it('accepts a need met by a shared fact given in another activity, or by one condition of several', () => {
      expect(
        problemsAfter((configs) => {
          at(configs, 2).needs![0]!.anyOf.push('phase1.sensitive_areas has "children"');
        }),
      ).toEqual([]);
    });

    it('finds a [MISSING] marker missing where the need is unmet, or shown where it is met', () => {
      const dropped = problemsAfter((configs) => {
        const competitors = at(configs, 2);
        competitors.promptTemplate = competitors.promptTemplate.replace(
          '[MISSING: the competitors to score]',
          'none yet',
        );
      });
      expect(dropped).toContainEqual(
        problem(
          2,
          'needs[0]',
          /^The prompt for a new team with no answers anywhere does not show \[MISSING: the competitors to score\]/,
        ),
      );
      const always = problemsAfter(addToTemplate(2, '\n\n[MISSING: the competitors to score]'));
      expect(always).toContainEqual(
        problem(
          2,
          'needs[0]',
          'The prompt for the worked example everywhere shows [MISSING: the competitors to score] although the need is met.',
        ),
      );
    });
  });

  describe('the prompt, read as teams will fill it in', () => {
    it('finds a dangling word a blank answer leaves', () => {
      const problems = problemsAfter(
        addToTemplate(1, '\n\nWe sell in{{#if exclusions}} {{exclusions}}{{/if}}, mostly online.'),
      );
      expect(problems).toContainEqual(
        problem(
          1,
          'promptTemplate',
          /^The prompt for a new team with no answers anywhere: word cut off before punctuation: line \d+ "We sell in, mostly online\."\.$/,
        ),
      );
    });

    it('finds a hole a blank answer leaves, at the first stage it shows', () => {
      const problems = problemsAfter(
        addToTemplate(1, '\n\nLeave out {{#if exclusions}}{{exclusions}}{{/if}}.'),
      );
      expect(problems.filter((p) => p.message.includes('Leave out .'))).toEqual([
        problem(
          1,
          'promptTemplate',
          /^The prompt for a new team with no answers anywhere: space before punctuation \(a blank answer left a hole\)/,
        ),
      ]);
    });

    it('finds a numbered list that skips', () => {
      expect(problemsAfter(addToTemplate(5, '\n\nThen:\n2. Check the brief.'))).toContainEqual(
        problem(
          5,
          'promptTemplate',
          /: numbered list goes to 2 where 1 was due: line \d+ "2\. Check the brief\."\.$/,
        ),
      );
    });

    it('finds template syntax the engine cannot read, and names it first', () => {
      const problems = problemsAfter(addToTemplate(3, '\n\n{{#if tone = "x"}}Careful.{{/if}}'));
      expect(problems.filter((p) => p.activity === 3)[0]).toEqual(
        problem(3, 'promptTemplate', /^\{\{#if tone = "x"\}\} is not a tag the template can read/),
      );
      expect(problems).toContainEqual(problem(3, 'promptTemplate', /^\{\{\/if\}\} ends no block/));
    });

    it('names an unclosed {{#if}} as such, first, and not by the blank space it leaves', () => {
      const problems = problemsAfter(addToTemplate(3, '\n\n{{#if tone}}Careful.\n\n'));
      const own = problems.filter((p) => p.activity === 3);
      expect(own[0]).toEqual(
        problem(
          3,
          'promptTemplate',
          'Unclosed block: {{#if tone}} has no {{/if}} to end it, so everything after it depends on it. Add {{/if}} where its text ends.',
        ),
      );
      expect(own.filter((p) => /blank space|blank line/.test(p.message))).toEqual([]);
    });

    it('names an unknown placeholder first, before what the rendered prompt shows of it', () => {
      const problems = problemsAfter(addToTemplate(3, '\n\nKeep to {{food_rules}}. '));
      const own = problems.filter((p) => p.activity === 3);
      expect(own[0]).toEqual(problem(3, 'promptTemplate', /^Unknown placeholder \{\{food_rules\}\}: /));
    });

    it('names an {{else}} or {{/if}} outside a block', () => {
      const problems = problemsAfter(addToTemplate(3, '\n\nA.{{else}}B.'));
      expect(problems.filter((p) => p.activity === 3)[0]).toEqual(
        problem(3, 'promptTemplate', /^\{\{else\}\} stands outside any \{\{#if\}\} block/),
      );
    });

    it('reads every option of every choice: an option that breaks the prompt is named', () => {
      const problems = problemsAfter((configs) => {
        const evidence = at(configs, 3);
        evidence.promptTemplate = evidence.promptTemplate.replace(
          '{{else if tone == "persuasive"}}',
          '{{else if tone == "persuasive"}}Write for , ',
        );
      });
      expect(problems).toContainEqual(
        problem(
          3,
          'promptTemplate',
          /^The prompt for the worked example with "Tone" set to "Persuasive[^"]*": space before punctuation .*: line \d+ "Write for , Write punchy/,
        ),
      );
    });

    it('finds a required choice whose blank the team cannot see, and a text field that gives no example', () => {
      const problems = problemsAfter((configs) => {
        const evidence = at(configs, 3);
        evidence.promptTemplate = evidence.promptTemplate.replace(
          '{{else}}{{tone}}{{/if}}',
          '{{else}}Write plainly.{{/if}}',
        );
        delete evidence.fields[fieldIndex(evidence, 'core_benefit')]!.placeholder;
      });
      expect(problems).toContainEqual(
        problem(
          3,
          'fields[6]',
          'When the form is blank the prompt does not show {{tone}}, so a team cannot see the choice is still to make: end its {{#if}} chain with {{else}}{{tone}}.',
        ),
      );
      expect(problems).toContainEqual(problem(3, 'fields[2].placeholder', /^"[^"]+" gives no example/));
    });
  });

  describe('fields across activities', () => {
    it('finds a field of two activities that is not a shared fact', () => {
      const problems = problemsAfter((configs) => {
        const exclusions = at(configs, 1).fields.find((f) => f.id === 'exclusions')!;
        at(configs, 3).fields.splice(3, 0, structuredClone(exclusions));
      });
      expect(problems).toContainEqual(
        problem(
          3,
          'fields[3].id',
          '"Out of scope" has the same id as a field of activity 1; only a shared fact is asked in several activities. Give this field another id.',
        ),
      );
    });

    it('finds a shared fact its home activity does not ask', () => {
      const problems = problemsAfter((configs) => {
        const ideation = at(configs, 4);
        ideation.fields = ideation.fields.filter((f) => f.id !== 'brand_adjectives');
      });
      expect(problems).toContainEqual(
        problem(
          4,
          'fields',
          /^"[^"]+" is a shared fact first given in activity 4, but its form does not ask it\.$/,
        ),
      );
    });
  });

  describe('limits: what a programme may hold, so that checking it stays quick', () => {
    /** `n` tags that render nothing, at the start of a template. */
    const emptyTags = (n: number) =>
      (n % 2 === 1 ? '{{#if tone}}{{else}}{{/if}}' : '') +
      '{{#if tone}}{{/if}}'.repeat(Math.floor((n - 3 * (n % 2)) / 2));
    const withTags = (total: number) => (configs: PhaseConfig[]) => {
      const evidence = at(configs, 3);
      const own = tokenizeTemplate(evidence.promptTemplate).filter((t) => t.type !== 'text').length;
      evidence.promptTemplate = emptyTags(total - own) + evidence.promptTemplate;
    };

    it('checks a template of 2,000 tags, and refuses one more, saying how many and what to do', () => {
      expect(PROGRAMME_LIMITS.templateTags).toBe(2000);
      expect(problemsAfter(withTags(2000))).toEqual([]);
      expect(problemsAfter(withTags(2001))).toEqual([
        problem(
          3,
          'promptTemplate',
          'The prompt template has 2,001 tags ({{...}}); a template may have at most 2,000. Remove the ones it does not need; the prompt is checked further once it is within the limit.',
        ),
      ]);
    });

    const withOptions = (count: number) => (configs: PhaseConfig[]) => {
      // Activity 3 has room for a field (activity 1 asks the 15 the schema allows).
      at(configs, 3).fields.push({
        id: 'extra_choice',
        label: 'Extra choice',
        type: 'select',
        required: false,
        options: Array.from({ length: count }, (_, i) => ({ value: `o${i}`, label: `Option ${i}` })),
      });
    };

    it('checks a field of 30 options, and refuses one more', () => {
      expect(PROGRAMME_LIMITS.fieldOptions).toBe(30);
      expect(problemsAfter(withOptions(30))).toEqual([]);
      expect(problemsAfter(withOptions(31))).toEqual([
        problem(
          3,
          'fields[9].options',
          '"Extra choice" has 31 options; a field may have at most 30. Remove some; the prompt is checked further once it is within the limit.',
        ),
      ]);
    });

    const withNeeds = (count: number) => (configs: PhaseConfig[]) => {
      // Needs always met (a text answer is never equal to "never"), so the prompt need not show them.
      at(configs, 3).needs = Array.from({ length: count }, (_, i) => ({
        what: `thing ${i}`,
        fix: 'Write it.',
        anyOf: ['core_benefit != "never"'],
      }));
    };

    it('checks an activity of 20 needs, and refuses one more', () => {
      expect(PROGRAMME_LIMITS.needs).toBe(20);
      expect(problemsAfter(withNeeds(20))).toEqual([]);
      expect(problemsAfter(withNeeds(21))).toEqual([
        problem(
          3,
          'needs',
          'The activity has 21 needs; an activity may have at most 20. Remove some; the prompt is checked further once it is within the limit.',
        ),
      ]);
    });

    it('refuses a prompt that would be over 50,000 characters filled in, and reads it no further', () => {
      const problems = problemsAfter(addToTemplate(1, `\n\n${'Repeat this line. '.repeat(3000)}`));
      expect(problems).toEqual([
        problem(
          1,
          'promptTemplate',
          'The prompt for a new team with no answers anywhere would be over 50,000 characters long, more than an AI tool reads at once: shorten the template, or what it repeats.',
        ),
      ]);
    });

    it('lists 500 problems at most, the last saying how many more there are', () => {
      const problems = problemsAfter((configs) => {
        at(configs, 1).fields[2]!.options = Array.from({ length: 600 }, () => ({ value: ' ', label: ' ' }));
      });
      // 1,200 empty texts, and more: the first 499 are listed.
      expect(problems).toHaveLength(500);
      expect(problems.at(-1)).toEqual(
        problem(null, '', /^7\d\d more problems are not listed: fix the ones above, and the rest show\.$/),
      );
    });
  });

  it('says where a problem is in one line', () => {
    expect(problemText(problem(3, 'fields[2].id', 'Wrong.'))).toBe('activity 3, fields[2].id: Wrong.');
    expect(problemText(problem(3, '', 'Wrong.'))).toBe('activity 3: Wrong.');
    expect(problemText(problem(null, '', 'Too long.'))).toBe('the programme: Too long.');
  });
});
