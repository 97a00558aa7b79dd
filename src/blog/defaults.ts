/** The default image for posts without one (spec: every image falls back to one default). Kept apart so cards don't pull in the sanitiser. */
export const DEFAULT_POST_IMAGE = "/blog/images/default.svg";
