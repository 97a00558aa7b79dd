import { PostView } from "./PostView.tsx";
import { Island } from "../../page/Island.tsx";
import { pendingPost } from "./PendingPost.island.ts";
import { usePage } from "../../page/context.tsx";
import { useSiteConfig } from "../../page/site-config.ts";
import { usePageLocale } from "../../page/ui-strings.ts";
import { NotFoundView } from "../../ui/NotFoundView.tsx";
import type { BlockProps } from "../define.tsx";
import type definition from "./definition.ts";

/**
 * A blog post. On /blog/{slug} it is the prerendered post. On the blog's not-found page it
 * is Post Not Found (the server answers 404 once the source has no such post), except in
 * the page's pending state, which the server sends for a slug the source may have (a post
 * published after the build): there an island fetches it in the browser (PendingPost.tsx).
 */
export default function BlogPost({ data, ...props }: BlockProps<typeof definition>) {
  const { pending } = usePage();
  const site = useSiteConfig();
  if (data.post) return <PostView post={data.post} dateText={data.dateText!} related={data.related} labels={props} />;
  // The island renders in the browser, where only the default locale's site config is: it gets the texts it shows.
  if (pending) return <Island of={pendingPost} props={{ ...props, locale: usePageLocale(), site: { name: site.name, loading: site.loading, loadError: site.loadError, errorPage: site.errorPage } }} />;
  const notFound = props.notFound ?? { title: site.errorPage.title, text: site.errorPage.text, back: props.back };
  return <NotFoundView {...notFound} />;
}
