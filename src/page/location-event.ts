/**
 * Fired on the window when an island moves the URL within the page (location.ts). Apart from
 * location.ts, which imports React: the islands runtime listens for it at start-up, and React
 * loads only with the first island that hydrates.
 */
export const LOCATION_EVENT = "site:locationchange";
