/**
 * Programmes: the activities a cohort runs (docs/product.md, Programmes). The dashboard's "Programmes" tab
 * and the programme a cohort runs (on its card) are exported here; the editor is a route of its own
 * (`programme-page.tsx`, loaded on demand by the router, so only `/admin` pages ever load it). Other
 * features and the app use only what is exported here.
 */
export { ProgrammesTab } from './components/programmes-tab';
export { CohortProgramme } from './components/cohort-programme';
/** The programmes list (each with its newest published version), for a choice of programme elsewhere. */
export { type ProgrammeSummary, programmesQueryOptions } from './api/list-programmes';
