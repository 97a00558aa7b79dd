/**
 * Where a one-time link leads: the studio's page for setting a password. The token is in the
 * fragment, which browsers never send to a server, so it reaches no log and no Referer; the
 * page posts it to POST /api/studio/password.
 */
export const PASSWORD_PAGE = "/admin/password";

export const passwordLink = (base: string, token: string) => `${base.replace(/\/+$/, "")}${PASSWORD_PAGE}#token=${token}`;
