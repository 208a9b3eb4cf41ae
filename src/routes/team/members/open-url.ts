import { createContext } from 'react';

/**
 * How the Members page opens a URL it hands to the browser (the mailto: draft after an invite).
 * Tests provide their own to see the URL; jsdom cannot navigate.
 */
export const OpenUrlContext = createContext<(url: string) => void>((url) => window.location.assign(url));
