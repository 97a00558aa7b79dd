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
}

export function readDeployConfig(env: NodeJS.ProcessEnv): DeployConfig {
  const corsOrigin = env.CORS_ORIGIN?.trim() || undefined;
  if (corsOrigin !== undefined) checkOrigin("CORS_ORIGIN", corsOrigin);
  return { ...(corsOrigin && { corsOrigin }) };
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
