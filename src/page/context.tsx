/**
 * What every part of a page may know about the page it is on, wherever it renders: at build
 * time (the route module provides it), in an island hydrated in the browser, or in a page
 * rendered wholly in the browser (client-render.tsx).
 */
import { createContext, useContext } from "react";

export interface PageInfo {
  /** The page's path: the navigation marks the link to it (and its section) as current. */
  path: string;
  /**
   * The page stands in for a path the build did not know (a blog post published after it):
   * blocks that can look it up in the browser show their loading state and do so.
   */
  pending: boolean;
}

const PageContext = createContext<PageInfo>({ path: "/", pending: false });

export const PageProvider = PageContext.Provider;

export const usePage = () => useContext(PageContext);

/** Whether a navigation link is the current page or its section (Services on /services/seo-services). */
export function isCurrent(href: string, path: string): boolean {
  if (href === "/") return path === "/";
  return path === href || path.startsWith(href + "/");
}
