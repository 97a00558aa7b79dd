/**
 * The language switcher of a not-found page: one static page answers every unknown path of its
 * locale (from the server and from a static host alike), so the build cannot know the path.
 * Its links lead to each locale's home, and this script, inline after them, points each at the
 * same path in its locale: /hi/no-such-page → /no-such-page and back. Without JavaScript the
 * homes remain.
 */
export const SAME_PATH_ATTRIBUTE = "data-locale-home";

export const SAME_PATH_SCRIPT = `(() => {
  const here = document.documentElement.getAttribute("data-locale-prefix") || "";
  let path = location.pathname;
  if (here && (path === here || path.startsWith(here + "/"))) path = path.slice(here.length) || "/";
  for (const link of document.currentScript.previousElementSibling.querySelectorAll("a[${SAME_PATH_ATTRIBUTE}]")) {
    const prefix = link.getAttribute("${SAME_PATH_ATTRIBUTE}");
    link.setAttribute("href", (prefix && path === "/" ? prefix : prefix + path) + location.search);
  }
})();`;
