import type { PhaseConfig } from '@shared/phase-config';
import { renderPromptTemplate } from '@shared/prompt-template';
import type { FeedbackNote } from '@shared/schemas/coaching';
import type { Run } from '@shared/schemas/runs';
import type { Fact } from '@shared/schemas/facts';
import { plainText } from '@shared/plain-text';
import { SHARED_FACTS } from '@shared/shared-facts';
import { answerText } from './answers.ts';
import { formAnswers, promptContext, REMOVED_FIELDS_HEADING, removedFieldAnswers } from './shared-answers.ts';

/** A code fence longer than any run of backticks in the text, so a prompt can never close it early. */
function fenceFor(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  return '`'.repeat(Math.max(3, longest + 1));
}

/** A file-name-safe slug of the team name; 'workspace' when nothing usable is left. */
export function reportFileName(teamName: string | undefined): string {
  const slug = (teamName ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${slug || 'practice'}-answers.md`;
}

/** A select's stored value as the label the team chose (ticked boxes as their labels); other fields as written. */
function displayValue(config: PhaseConfig, fieldId: string, value: string): string {
  return answerText(
    config.fields.find((f) => f.id === fieldId),
    value,
  );
}

/**
 * What a team or an instructor typed, copied into the report as text: no control or direction-changing
 * characters (src/shared/plain-text.ts), and Markdown's and HTML's own characters escaped, so a note's HTML
 * or a name's `**` shows as typed and never as markup.
 */
export function markdownText(text: string): string {
  return plainText(text, { multiline: true })
    .replace(/[\\`*_[\]<>#|~!&]/g, '\\$&')
    .replace(/^(\s*)([-+=]|\d+[.)])/gm, (_, space: string, marker: string) =>
      marker.length === 1 ? `${space}\\${marker}` : `${space}${marker.slice(0, -1)}\\${marker.slice(-1)}`,
    );
}

/** One line for a label (already Markdown-safe) and a possibly multi-line answer, kept readable as Markdown. */
function answerLine(label: string, value: string): string {
  const lines = markdownText(value.trim()).split('\n');
  if (lines.length === 1) return `- **${label}:** ${lines[0]}`;
  return [`- **${label}:**`, ...lines.map((line) => `  ${line}`)].join('\n');
}

/**
 * The team report (docs/product.md, Activity page): per activity of the team's programme with answers (or a
 * shared fact first given there), its page name, every answered field as `label: value` (the shared facts
 * from the team's one copy), the generated prompt in a fenced block, rendered as the activity page renders
 * it, and the answers kept for fields the programme has since removed, by field id. `configs` are the
 * programme's activities; those it switches off are left out, and so are shared facts only they ask, which
 * close the report with any other fact no activity in it asks for.
 */
export function buildAnswersReport(options: {
  teamName?: string;
  teamCode?: string;
  configs: readonly PhaseConfig[];
  /** The activities the team's programme switches off: not in the report. */
  switchedOff?: readonly number[];
  answersByPhase: Readonly<Record<number, Record<string, unknown>>>;
  facts?: readonly Fact[];
  /** The instructors' notes, shown under their activity. */
  feedback?: readonly FeedbackNote[];
  /** The team's prompt runs on the institute's model: each activity's latest answer, under it. */
  runs?: readonly Run[];
  generatedAt?: Date;
}): string {
  const { teamName, teamCode, configs, answersByPhase } = options;
  const factList = options.facts ?? [];
  const factValues = Object.fromEntries(factList.map((fact) => [fact.id, fact.value]));
  const generatedAt = options.generatedAt ?? new Date();
  const out: string[] = [];
  out.push(`# ${teamName ? `${markdownText(teamName)}: answers` : 'Practice answers'}`);
  out.push('');
  const facts = [
    teamCode ? `Workspace Code: ${markdownText(teamCode)}` : null,
    `Exported ${generatedAt.toISOString()}`,
  ];
  out.push(facts.filter(Boolean).join(' · '));

  const switchedOff = new Set(options.switchedOff ?? []);
  const running = [...configs].filter((c) => !switchedOff.has(c.phase)).sort((a, b) => a.phase - b.phase);
  let any = false;
  for (const config of running) {
    const data = answersByPhase[config.phase];
    const notes = (options.feedback ?? []).filter((note) => note.phaseNumber === config.phase);
    // The newest run of the activity that wrote something (the runs come newest first).
    const run = (options.runs ?? []).find((r) => r.phaseNumber === config.phase && r.answer.trim() !== '');
    if (!data && notes.length === 0 && !run && !factList.some((fact) => fact.givenIn === config.phase))
      continue;
    const answers = formAnswers(config.fields, data, factValues);
    const answered = config.fields.filter((f) => answers[f.id]!.trim() !== '');
    const removed = removedFieldAnswers(config.fields, data);
    if (answered.length === 0 && notes.length === 0 && removed.length === 0 && !run) continue;
    any = true;
    out.push('', `## ${config.phase}. ${config.names.page}`, '');
    for (const field of answered)
      out.push(answerLine(markdownText(field.label), displayValue(config, field.id, answers[field.id]!)));
    if (answered.length > 0) {
      const prompt = renderPromptTemplate(
        config.promptTemplate,
        promptContext(config.phase, answersByPhase, factValues, answers),
      );
      // In a fence, nothing is markup: only the control characters go.
      const shown = plainText(prompt, { multiline: true });
      const fence = fenceFor(shown);
      out.push('', '### Generated prompt', '', `${fence}markdown`, shown, fence);
    }
    if (run) {
      const answer = plainText(run.answer, { multiline: true });
      const fence = fenceFor(answer);
      const when = run.createdAt.slice(0, 16).replace('T', ' ');
      const status = run.status === 'done' ? '' : ` (${run.status}: not the whole answer)`;
      out.push(
        '',
        `### The model's answer (${markdownText(run.model)}, ${when})${status}`,
        '',
        fence,
        answer,
        fence,
      );
    }
    if (removed.length > 0) {
      out.push(
        '',
        `### ${REMOVED_FIELDS_HEADING}`,
        '',
        'Saved before the programme removed these fields, named by their field id. They come back if the field returns.',
        '',
      );
      for (const { id, value } of removed) out.push(answerLine(markdownText(id), value));
    }
    if (notes.length > 0) {
      out.push('', '### Feedback from your instructor', '');
      for (const note of notes) {
        const status = note.doneAt ? ' (done)' : '';
        out.push(
          answerLine(
            `${markdownText(note.author)}, ${note.createdAt.slice(0, 16).replace('T', ' ')}${status}`,
            note.body,
          ),
        );
      }
    }
  }
  // A fact only a switched-off or removed field asked for is still the team's: listed once, at the end.
  const asked = new Set(running.flatMap((config) => config.fields.map((field) => field.id)));
  const unasked = SHARED_FACTS.filter((fact) => !asked.has(fact.id) && factValues[fact.id]?.trim());
  if (unasked.length > 0) {
    any = true;
    out.push(
      '',
      '## Other shared facts',
      '',
      'Given by the team; no activity in this report asks for them now.',
      '',
    );
    for (const fact of unasked)
      out.push(answerLine(markdownText(fact.label), answerText(fact.field, factValues[fact.id]!)));
  }
  if (!any) out.push('', 'No answers saved yet.');
  return `${out.join('\n')}\n`;
}
