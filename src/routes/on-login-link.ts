// Whether the routes show a login link's team page in place of its address (its code not yet signed
// in with; routes/login-link-address.ts): the team layout keeps its frame on a refusal meanwhile.
import { createContext } from 'react';

export const OnLoginLinkContext = createContext(false);
