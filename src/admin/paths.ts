/** The local-mode screens (present only when ADMIN=1): the blog admin, and beside it the page editor and its preview. */
export const ADMIN_PATH = "/admin";
export const EDITOR_PATH = "/admin/pages";
export const PREVIEW_PATH = "/admin/preview";
