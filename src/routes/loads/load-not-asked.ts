/**
 * What a load throws when it did not ask at all (its page's precondition was not met, such as
 * billing for someone who is not the owner): the page asks for itself. Any other failure is the
 * answer to the very request the page would have made, with the same retries: the page meets it as
 * its own, rather than asking (and retrying) a second time.
 */
export class LoadNotAsked extends Error {}
