import { renderPromptTemplate } from './prompt-template.ts';

/**
 * A field's help or tooltip as the team reads it (docs/product.md, The activities and the prompt engine). A
 * text may follow the team's business profile with the template engine's syntax, so its examples fit the
 * team: `{{#if customer_type == "businesses"}}...{{else}}...{{/if}}`, `{{#if sector}}({{sector}}){{/if}}`.
 * `data` is what the activity's prompt renders with (its answers and the shared facts); a team that has not
 * given its profile, and a page rendered ahead of any team, read the `{{else}}` branches, which stay
 * neutral. A text without `{{` is returned as it is.
 */
export function fieldText(text: string, data: Readonly<Record<string, unknown>>): string {
  return text.includes('{{') ? renderPromptTemplate(text, data) : text;
}
