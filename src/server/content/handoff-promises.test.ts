import { describe, expect, it } from 'vitest';
import { ACTIVITY_NAMES, PAGE_NAMES, PHASE_NUMBERS } from '../../shared/phases.ts';
import { listTemplatePlaceholders } from '../../shared/prompt-template.ts';
import { sharedFact } from '../../shared/shared-facts.ts';
import { renderAndLint } from '../../shared/programme-rendering-checks.ts';
import { configOf, configs, pageTexts } from '../../../testing/phase-content.ts';

/**
 * What a page says about other activities is a promise: "Activities 2 and 4 start from them", "Reuse the
 * voice persona from Creative Asset Generation". This test finds every mention of another activity in the
 * texts a team reads (by number, by name, or by a phrase below that names an activity's result) and checks
 * that a template keeps it: the later of the two activities reads the earlier one's answers (`phaseN.<id>`,
 * the named answer itself when the phrase names one) or a shared fact first given there.
 */

type Mention = { phase: number; fields?: readonly string[] };

/** Phrases that name an activity's result; matched case-insensitively. */
const RESULT_PHRASES: Record<string, Mention> = {
  'market research': { phase: 1 },
  'competitor matrix': { phase: 2 },
  'competitor openings': { phase: 2, fields: ['threat_summary'] },
  'evidence pack': { phase: 3 },
  'hero statistic': { phase: 3, fields: ['verified_evidence'] },
  'do not claim': { phase: 3, fields: ['verified_evidence'] },
  'claims you must not make': { phase: 1, fields: ['claims_to_avoid'] },
  'claims we must not make': { phase: 1, fields: ['claims_to_avoid'] },
  'concept brief': { phase: 5 },
  'creative assets': { phase: 6 },
  'voice persona': { phase: 6, fields: ['voice_persona', 'own_persona'] },
  'key visual': { phase: 6, fields: ['asset_summary'] },
  'voice agent': { phase: 7 },
  'facts your voice agent uses': { phase: 7, fields: ['agent_context'] },
  website: { phase: 8 },
};

/** Every way a text names activity n: "activity n", its activity and page names, its handoff's label. */
function namesOf(phase: number): { pattern: RegExp; mention: Mention }[] {
  const config = configOf(phase);
  const handoff = config.fields.find((f) => f.handoff);
  const exact = (text: string) =>
    new RegExp(`(?<![\\w-])${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`);
  return [
    {
      pattern: new RegExp(`\\bactivit(?:y|ies)\\s+(?:\\d+,\\s+)*(?:\\d+\\s+and\\s+)?${phase}\\b`, 'i'),
      mention: { phase },
    },
    { pattern: new RegExp(`\\bactivities\\s+${phase}\\s+and\\s+\\d+\\b`, 'i'), mention: { phase } },
    { pattern: exact(ACTIVITY_NAMES[phase - 1]!), mention: { phase } },
    { pattern: exact(PAGE_NAMES[phase - 1]!), mention: { phase } },
    ...(handoff ? [{ pattern: exact(handoff.label), mention: { phase, fields: [handoff.id] } }] : []),
  ];
}

const NAMES = [
  ...PHASE_NUMBERS.flatMap(namesOf),
  ...Object.entries(RESULT_PHRASES).map(([phrase, mention]) => ({
    pattern: new RegExp(`\\b${phrase}\\b`, 'i'),
    mention,
  })),
];

type HandoffPromise = {
  in: number;
  where: string;
  text: string;
  from: number;
  to: number;
  fields?: readonly string[];
};

/**
 * Every promise in the configurations: a mention in activity `in` of another activity. Activities hand over
 * in the order of their numbers, so a page speaks of an earlier activity as a source and of a later one as a
 * reader: the promise runs from the earlier to the later.
 */
function promises(): HandoffPromise[] {
  const found: HandoffPromise[] = [];
  for (const config of configs) {
    for (const { where, text } of pageTexts(config)) {
      for (const { pattern, mention } of NAMES) {
        if (mention.phase === config.phase || !pattern.test(text)) continue;
        const [from, to] =
          mention.phase < config.phase ? [mention.phase, config.phase] : [config.phase, mention.phase];
        found.push({
          in: config.phase,
          where,
          text,
          from,
          to,
          ...(mention.fields && mention.phase === from ? { fields: mention.fields } : {}),
        });
      }
    }
  }
  return found;
}

/** Whether activity `to`'s prompt reads activity `from`'s answers (these ones, when named) or a fact given there. */
function kept(promise: HandoffPromise): boolean {
  const read = listTemplatePlaceholders(configOf(promise.to).promptTemplate);
  const prefix = `phase${promise.from}.`;
  if (promise.fields) return promise.fields.some((id) => read.includes(`${prefix}${id}`));
  return read.some((path) => path.startsWith(prefix) || sharedFact(path)?.home === promise.from);
}

describe('promised handoffs', () => {
  const all = promises();

  it('finds the promises the pages make', () => {
    // Every activity but the last promises its result to a later one, and the later ones name their sources.
    for (const phase of PHASE_NUMBERS.filter((p) => p < 8)) {
      expect(
        all.some((p) => p.from === phase && p.in === phase),
        `activity ${phase} promises nothing`,
      ).toBe(true);
    }
    expect(all.length).toBeGreaterThan(40);
  });

  it.each(PHASE_NUMBERS)('every promise made on the activity %i page is kept by a template', (phase) => {
    const broken = all
      .filter((p) => p.in === phase && !kept(p))
      .map(
        (p) =>
          `${p.where}: activity ${p.to} does not read activity ${p.from}${p.fields ? ` (${p.fields.join(' or ')})` : ''}: "${p.text}"`,
      );
    expect(broken).toEqual([]);
  });

  it('carries the results the pages promise by name', () => {
    const reads = (phase: number, path: string) =>
      listTemplatePlaceholders(configOf(phase).promptTemplate).includes(path);
    // Evidence Research's verified evidence reaches the hero concept, the brief, the assets and the website.
    for (const phase of [4, 5, 6, 8])
      expect(reads(phase, 'phase3.verified_evidence'), `activity ${phase}`).toBe(true);
    // The creative assets' persona and assets reach the voice agent; the agent's facts reach the website.
    expect(reads(7, 'phase6.voice_persona')).toBe(true);
    expect(reads(7, 'phase6.asset_summary')).toBe(true);
    expect(reads(8, 'phase7.agent_context')).toBe(true);
  });
});

describe('the claims we must not make travel to every activity that writes copy', () => {
  const claim = 'never say it cures anything';
  const evidence = 'Hero statistic: 3 in 4 testers came back (our own test).';
  const handover = `${evidence} Do not claim: ${claim}.`;
  /** Every way a team types them: in the business profile (Activity 1), Evidence Research's hand-over box, or both. */
  const typed = [
    ['in the business profile', { claims_to_avoid: claim }, {}],
    ['in the hand-over box', {}, { 3: { verified_evidence: handover } }],
    ['in both', { claims_to_avoid: claim }, { 3: { verified_evidence: handover } }],
  ] as const;
  /** With and without the proof points and the statistic that take the hand-over box's place as evidence. */
  const proof = [
    ['without proof points or a statistic', {}, {}],
    [
      'with proof points and a statistic',
      { proof_points: 'Certified by a lab.' },
      { 6: { chosen_statistic: '3 in 4 testers came back (our own test)' } },
    ],
  ] as const;

  it('every activity from Evidence Research on reads the profile, and from the hero concept on the hand-over box too', () => {
    const reading = (path: string) =>
      configs
        .filter((config) => listTemplatePlaceholders(config.promptTemplate).includes(path))
        .map((c) => c.phase);
    expect(reading('phase1.claims_to_avoid')).toEqual([3, 4, 5, 6, 7, 8]);
    expect(reading('phase3.verified_evidence')).toEqual([4, 5, 6, 7, 8]);
    // Asked once, in the business profile: no later form asks it again.
    expect(
      configs.filter((c) => c.fields.some((f) => f.id === 'claims_to_avoid')).map((c) => c.phase),
    ).toEqual([1]);
  });

  it('Evidence Research keeps them out of its statements', () => {
    const { text, problems } = renderAndLint(configOf(3), {}, { claims_to_avoid: claim });
    expect(text).toContain(`We will not make these claims, so do not suggest them: ${claim}.`);
    expect(problems).toEqual([]);
  });

  it.each([4, 5, 6, 7, 8])('activity %i carries them however they were typed', (phase) => {
    for (const [how, profile, evidenceAnswers] of typed) {
      for (const [withProof, facts, others] of proof) {
        const { text, problems } = renderAndLint(
          configOf(phase),
          { ...evidenceAnswers, ...others },
          { ...profile, ...facts },
        );
        expect(text, `${how}, ${withProof}`).toContain(claim);
        expect(problems, `${how}, ${withProof}`).toEqual([]);
      }
    }
  });

  it("tells activity 7's agent never to make them, even when a caller asks", () => {
    const rule = 'Never make a claim listed above as one we must not make';
    for (const [how, profile, evidenceAnswers] of typed) {
      expect(renderAndLint(configOf(7), evidenceAnswers, profile).text, how).toContain(rule);
    }
    expect(renderAndLint(configOf(7), {}, {}).text).not.toContain(rule);
  });
});
