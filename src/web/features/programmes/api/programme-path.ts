/*
 * The programmes feature's calls, one file each beside this one (src/shared/schemas/programmes.ts is their
 * contract); here, where the instructor's programme routes are.
 */

export const PROGRAMMES_PATH = '/api/admin/programmes';

/** `/api/admin/programmes/:programmeId`. */
export const programmePath = (programmeId: string) => `${PROGRAMMES_PATH}/${encodeURIComponent(programmeId)}`;
