/**
 * Settings of a production deployment (docs/deploy.md), read with the rest of the server's
 * configuration (server/config.ts) and checked once at start with a clear message.
 */
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
  if (corsOrigin !== undefined) checkOrigin("CORS_ORIGIN", corsOrigin);
  const webhookSecret = env.WORDPRESS_WEBHOOK_SECRET?.trim() || undefined;
  if (webhookSecret !== undefined && (webhookSecret.length < MIN_SECRET_LENGTH || /\s/.test(webhookSecret))) {
    throw new Error(
      `WORDPRESS_WEBHOOK_SECRET must be at least ${MIN_SECRET_LENGTH} characters without spaces. ` +
        `Hint: generate one with "openssl rand -hex 32" and give WordPress the same value.`,
    );
  }
  const poll = env.WORDPRESS_POLL_SECONDS?.trim();
  const pollSeconds = poll ? Number(poll) : undefined;
  if (pollSeconds !== undefined && (!Number.isInteger(pollSeconds) || pollSeconds < 0 || (pollSeconds > 0 && pollSeconds < 5))) {
    throw new Error(`WORDPRESS_POLL_SECONDS must be a whole number of seconds, 5 or more (0 turns polling off), not "${poll}".`);
  }
  return {
    ...(corsOrigin && { corsOrigin }),
    ...(webhookSecret && { webhookSecret }),
    ...(pollSeconds && { pollSeconds }),
  };
}

function checkOrigin(name: string, value: string) {
  let origin: string | undefined;
  try {
    origin = new URL(value).origin;
  } catch {
    // reported below
  }
  if (origin !== value || !/^https?:/.test(value)) {
    throw new Error(`${name} must be an origin such as https://www.example.com (scheme, host and port only, no path or trailing slash), not "${value}".`);
  }
}
