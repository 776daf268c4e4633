/** Phase numbers run 1..8; every activity is reachable in any order. */
export const TOTAL_PHASES = 8;

/**
 * Each activity's three names (docs/product.md, The activities and the prompt engine), in phase order
 * (index 0 is phase 1).
 */
export const ACTIVITY_NAMES = [
  'Market Research',
  'Competitor Matrix (threat scoring)',
  'Evidence Research',
  'Hero Concept Ideation',
  'Concept Brief Generation',
  'Creative Asset Generation',
  'AI Voice Agent Setup',
  'Website Builder Guide',
] as const;

export const HEADER_NAMES = [
  'Market Research',
  'Competitors',
  'Background Research',
  'Hero Concept Design',
  'Brief Generation',
  'Implementation',
  'AI Agent Setup',
  'Final Review',
] as const;

export const PAGE_NAMES = [
  'Market Research',
  'Competition Analysis',
  'Background Research',
  'Hero Concept Design',
  'Brief Generation',
  'Implementation',
  'AI Agent Setup',
  'Final Review',
] as const;

export const PHASE_NUMBERS = Array.from({ length: TOTAL_PHASES }, (_, i) => i + 1);

/** The website-builder activity, where cohort teams submit their deployed site. */
export const WEBSITE_PHASE = 8;

export function isPhaseNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= TOTAL_PHASES;
}

/** An activity's name in the app's navigation (the header's name set). */
export function phaseNavName(phase: number): string {
  return HEADER_NAMES[phase - 1] ?? `Activity ${phase}`;
}
