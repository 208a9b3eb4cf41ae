/** An invitation link works for 14 days after it was (re)sent. */
export const INVITATION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

/** Spec section 9: an address gets at most one invitation mail per hour. */
export const RESEND_THROTTLE_SECONDS = 60 * 60;

/** At most this many addresses in one invite or resend call. */
export const MAX_INVITATIONS_PER_CALL = 100;
