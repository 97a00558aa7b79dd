/**
 * Island: a post published after the build. The server sends the page prerendered for it
 * (the blog's not-found page in its pending state, written as __spa-fallback.html) for a
 * slug WordPress may have; this island hydrates at once, asks the source in the browser for
 * the slug in the URL, and shows the post, Post Not Found, or the error state with Retry.
 */
import { useEffect, useState } from "react";
import type { BlogPost as Post } from "../../../schemas/blog.ts";
import { browserBlogSource } from "../../blog/browser.ts";
import { PostView } from "./PostView.tsx";
import { NotFoundView } from "../../ui/NotFoundView.tsx";
import { formatDate } from "../../page/format.ts";
import { LoadError, LoadingState } from "../../ui/States.tsx";
import type { BlockProps } from "../define.tsx";
import { SiteConfigProvider, useSiteConfig } from "../../page/site-config.ts";
import type { SiteConfig } from "../../../schemas/site.ts";
import type definition from "./definition.ts";

/** The site config's texts it shows, in the page's locale (BlogPost.tsx). */
type Texts = Pick<SiteConfig, "name" | "loading" | "loadError" | "errorPage">;
/** `locale`: the page's, which the post's date is written in. */
type Props = Omit<BlockProps<typeof definition>, "data"> & { site: Texts; locale: string };
type State = { kind: "loading" } | { kind: "not-found" } | { kind: "error" } | { kind: "found"; post: Post };

const slugOf = (pathname: string) => /^\/blog\/([^/]+)$/.exec(pathname)?.[1];

export default function PendingPost({ site, ...props }: Props) {
  return (
    <SiteConfigProvider value={{ ...useSiteConfig(), ...site }}>
      <Pending site={site} {...props} />
    </SiteConfigProvider>
  );
}

function Pending({ site, ...props }: Props) {
  // Loading at build time and while hydrating, as the page was prerendered.
  const [state, setState] = useState<State>({ kind: "loading" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (state.kind !== "loading") return;
    const slug = slugOf(window.location.pathname);
    let current = true;
    void (async () => {
      try {
        const source = slug ? await browserBlogSource() : undefined;
        const post = source && slug ? await source.post(decodeURIComponent(slug)) : null;
        if (!current) return;
        setState(post ? { kind: "found", post } : { kind: "not-found" });
        if (post) document.title = `${post.title} | ${site.name}`;
      } catch {
        if (current) setState({ kind: "error" });
      }
    })();
    return () => {
      current = false;
    };
  }, [state.kind, attempt]);

  switch (state.kind) {
    case "loading":
      return <LoadingState />;
    case "error":
      return (
        <LoadError
          onRetry={() => {
            setState({ kind: "loading" });
            setAttempt((n) => n + 1);
          }}
        />
      );
    case "found":
      return <PostView post={state.post} dateText={formatDate(state.post.date, props.locale)} related={[]} labels={props} />;
    case "not-found": {
      const nf = props.notFound ?? { title: site.errorPage.title, text: site.errorPage.text, back: props.back };
      return <NotFoundView {...nf} />;
    }
  }
}
