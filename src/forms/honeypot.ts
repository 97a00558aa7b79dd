/**
 * Name of the hidden field people never fill in and bots do. Its own module (no zod), so
 * the prerendered form markup can name it without pulling the schema code into first load.
 */
export const HONEYPOT = "website";
