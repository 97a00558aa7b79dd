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
  /**
   * CONTENT_GIT_REMOTE: the name of a remote of the content's working copy (such as origin; its
   * URL and credentials stay in git's configuration). The studio pushes each publish to it, and
   * the git webhook pulls from it (docs/studio.md, "Several hosts").
   */
  contentGitRemote?: string;
  /** GIT_WEBHOOK_SECRET: turns on POST /api/hooks/git (pull fast-forward only, then rebuild); unset, that route does not exist. */
  gitWebhookSecret?: string;
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
  const contentGitRemote = env.CONTENT_GIT_REMOTE?.trim() || undefined;
  // A name, never a URL: a URL's credentials would reach logs and `ps`, and a name cannot be read as an option.
  if (contentGitRemote !== undefined && !/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/.test(contentGitRemote)) fail(errors.InvalidGitRemote, contentGitRemote);
  const gitWebhookSecret = env.GIT_WEBHOOK_SECRET?.trim() || undefined;
  if (gitWebhookSecret !== undefined && (gitWebhookSecret.length < MIN_SECRET_LENGTH || /\s/.test(gitWebhookSecret))) fail(errors.InvalidGitWebhookSecret, MIN_SECRET_LENGTH);
  if (gitWebhookSecret !== undefined && contentGitRemote === undefined) fail(errors.GitWebhookNeedsRemote);
  return {
    ...(corsOrigin && { corsOrigin }),
    ...(contentGitRemote && { contentGitRemote }),
    ...(gitWebhookSecret && { gitWebhookSecret }),
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
