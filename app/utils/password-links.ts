// How long a mailed password link works (SPEC §9: a reset link, 1 hour). An invitation from "Add user"
// lasts a day: it waits for someone who is not expecting it; after that, "Forgot password?" sends a new one.
export const RESET_LINK_HOURS = 1
export const INVITATION_LINK_HOURS = 24
