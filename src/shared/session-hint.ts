/**
 * The cookie that says a browser was given a team session: set and cleared by the server together with the
 * session cookie (`genai_team`, httpOnly), with the same lifetime and flags but readable by the page, and
 * holding no secret (its value is "1"). The page asks the server which workspace is open only when this
 * cookie, or a workspace remembered in the browser, says a session may exist.
 */
export const TEAM_SESSION_HINT_COOKIE = 'genai_team_hint';
