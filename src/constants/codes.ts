/** Envelope codes of SPEC §8. */
export const CODE_OK = 0;
/** 1008 is not an error: the call succeeded and the client carries on. */
export const CODE_NOT_AN_ERROR = 1008;
/** Body codes that mean the session has expired (as does HTTP status 403). */
export const SESSION_EXPIRED_CODES: readonly number[] = [-2, -406, -407, -401, -403];
export const SESSION_EXPIRED_STATUS = 403;
