/**
 * The studio's screens, all under /admin. They are in every build: in local mode (ADMIN=1) the
 * blog admin, the page editor and its preview work with the key the server prints; in studio
 * mode (a production build, served with STUDIO=1) behind sign-in. A server with neither
 * answers every /admin path with the site's 404 page (server/plugins/site.ts).
 */
export const ADMIN_PATH = "/admin";
/** Where signing in lands: what waits for the person (drafts, reviews, schedules…). */
export const STUDIO_HOME_PATH = "/admin/home";
export const EDITOR_PATH = "/admin/pages";
/** A page template in the page editor (an admin's). */
export const templateUrl = (id: string) => `${EDITOR_PATH}?template=${encodeURIComponent(id)}`;
/** The site settings, in the page editor (navigation, footer, contact facts, theme…). */
export const SETTINGS_PATH = "/admin/settings";
export const PREVIEW_PATH = "/admin/preview";
export const SIGN_IN_PATH = "/admin/sign-in";
export const PASSWORD_PATH = "/admin/password";
export const ACCOUNT_PATH = "/admin/account";
export const USERS_PATH = "/admin/users";
export const AUDIT_PATH = "/admin/audit";
export const SUBMISSIONS_PATH = "/admin/submissions";
export const MEDIA_PATH = "/admin/media";
export const ANALYTICS_PATH = "/admin/analytics";

/** Every prerendered studio screen. */
export const STUDIO_PAGES = [STUDIO_HOME_PATH, ADMIN_PATH, EDITOR_PATH, SETTINGS_PATH, PREVIEW_PATH, SIGN_IN_PATH, PASSWORD_PATH, ACCOUNT_PATH, USERS_PATH, AUDIT_PATH, SUBMISSIONS_PATH, MEDIA_PATH, ANALYTICS_PATH] as const;

/** /admin and everything under it: the studio's, never the public site's. */
export const isStudioPath = (p: string) => p === ADMIN_PATH || p.startsWith(`${ADMIN_PATH}/`);
