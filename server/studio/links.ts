/**
 * Where a one-time link leads: the studio's page for setting a password (src/runtime/studio-paths.ts).
 * The token is in the fragment, which browsers never send to a server, so it reaches no log
 * and no Referer; the page posts it to POST /api/studio/password.
 */
import { PASSWORD_PATH } from "../../src/runtime/studio-paths.ts";

export const passwordLink = (base: string, token: string) => `${base.replace(/\/+$/, "")}${PASSWORD_PATH}#token=${token}`;
