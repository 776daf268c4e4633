import { plainText } from './plain-text.ts';

/**
 * Deleting a team is confirmed by typing its name: the typed text must be the name, ignoring spaces at
 * either end (names are stored trimmed) but not case, so a look-alike team is not deleted by mistake.
 * The client enables its Delete button with this; the server refuses anything else.
 */
export function confirmsTeamName(typed: string, teamName: string): boolean {
  // Compared as names are stored (plain-text.ts): a name kept from before that rule still matches.
  return plainText(typed).trim() === plainText(teamName).trim();
}
