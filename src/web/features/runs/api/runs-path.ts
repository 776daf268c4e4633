/** Where a team's runs live: `/api/teams/{teamId}/runs`. */
export const runsPath = (teamId: string) => `/api/teams/${encodeURIComponent(teamId)}/runs`;
