/**
 * Settings of a production deployment (docs/deploy.md), read with the rest of the server's
 * configuration (server/config.ts) and checked once at start with a clear message.
 */
import { fail } from "./errors.ts";
import { errors } from "../src/errors/catalogue.ts";
export interface DeployConfig {
  /**
   * CORS_ORIGIN: the origin (https://www.example.com) of pages on a static host whose forms
   * post to this server. Unset: the site's own origin when the build was made with
   * FORMS_API_URL (build/forms.json), otherwise no cross-origin form posts at all.
   */
  corsOrigin?: string;
  /**
   * WORDPRESS_WEBHOOK_SECRET: turns on POST /api/hooks/wordpress, which WordPress calls with
   * `Authorization: Bearer <secret>` on publish, update and trash; an incremental rebuild follows.
   */
  webhookSecret?: string;
  /** WORDPRESS_POLL_SECONDS: how often to ask WordPress whether anything changed (unset or 0: never). */
  pollSeconds?: number;
}

/** A secret short enough to guess is refused: the webhook starts rebuilds. */
export const MIN_SECRET_LENGTH = 24;

export function readDeployConfig(env: NodeJS.ProcessEnv): DeployConfig {
  const corsOrigin = env.CORS_ORIGIN?.trim() || undefined;
  if (corsOrigin !== undefined && !isOrigin(corsOrigin)) fail(errors.InvalidCorsOrigin, corsOrigin);
  const webhookSecret = env.WORDPRESS_WEBHOOK_SECRET?.trim() || undefined;
  if (webhookSecret !== undefined && (webhookSecret.length < MIN_SECRET_LENGTH || /\s/.test(webhookSecret))) fail(errors.InvalidWebhookSecret, MIN_SECRET_LENGTH);
  const poll = env.WORDPRESS_POLL_SECONDS?.trim();
  const pollSeconds = poll ? Number(poll) : undefined;
  if (pollSeconds !== undefined && (!Number.isInteger(pollSeconds) || pollSeconds < 0 || (pollSeconds > 0 && pollSeconds < 5))) fail(errors.InvalidPollSeconds, poll!);
  return {
    ...(corsOrigin && { corsOrigin }),
    ...(webhookSecret && { webhookSecret }),
    ...(pollSeconds && { pollSeconds }),
  };
}

/** An http(s) origin exactly: no path, no trailing slash. */
function isOrigin(value: string): boolean {
  try {
    return /^https?:/.test(value) && new URL(value).origin === value;
  } catch {
    return false;
  }
}
