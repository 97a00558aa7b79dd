/** The default image for posts without one (spec: every image falls back to one default). Kept apart so cards don't pull in the sanitiser. */
export const DEFAULT_POST_IMAGE = "/blog/images/default.svg";

/** The same default as a picture of the media library (content/media/post-default.json), for local posts: it only illustrates, so screen readers skip it. */
export const DEFAULT_POST_PICTURE = { asset: "post-default", decorative: true } as const;
