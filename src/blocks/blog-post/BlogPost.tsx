import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import type { BlogPost as Post } from "../../../schemas/blog.ts";
import site from "../../../site.config.ts";
import { browserBlogSource, remoteBlogUrl } from "../../blog/browser.ts";
import { type PostLabels, PostView } from "../../blog/ui/PostView.tsx";
import { NotFoundView } from "../../ui/NotFoundView.tsx";
import { LoadError, LoadingState } from "../../ui/States.tsx";
import type { BlockProps } from "../define.tsx";
import type definition from "./definition.ts";

type Props = BlockProps<typeof definition>;

/**
 * A blog post. On /blog/{slug} it renders the prerendered post. On the blog's not-found page
 * (a slug unknown at build time) it asks the source in the browser, when there is one that
 * can answer there (WordPress): a post published after the build is then found; otherwise
 * the visitor sees Post Not Found.
 */
export default function BlogPost(props: Props) {
  const { data } = props;
  const { pathname } = useLocation();
  if (data.post) return <PostView post={data.post} related={data.related} labels={props} />;
  return <MissingPost key={pathname} slug={/^\/blog\/([^/]+)$/.exec(pathname)?.[1]} {...props} />;
}

type State = { kind: "loading" } | { kind: "not-found" } | { kind: "error" } | { kind: "found"; post: Post };

// The prerendered not-found page is a real 404: the server already asked the source. While
// React hydrates that HTML, keep showing it; any later mount (client navigation, the SPA
// fallback the server sends for posts newer than the build) asks the source.
let hydrated = false;
const MARKER = "data-post-not-found";

function initialState(slug: string | undefined): State {
  if (!slug || !remoteBlogUrl || typeof document === "undefined") return { kind: "not-found" };
  if (!hydrated && document.querySelector(`[${MARKER}]`)) return { kind: "not-found" };
  return { kind: "loading" };
}

function MissingPost({ slug, ...props }: Props & { slug: string | undefined }) {
  const [state, setState] = useState<State>(() => initialState(slug));
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    hydrated = true;
  }, []);

  useEffect(() => {
    if (state.kind !== "loading" || !slug) return;
    let current = true;
    void (async () => {
      try {
        const source = await browserBlogSource();
        const post = source ? await source.post(decodeURIComponent(slug)) : null;
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
  }, [state.kind, slug, attempt]);

  switch (state.kind) {
    case "loading":
      return <LoadingState />;
    case "error":
      return <LoadError onRetry={() => { setState({ kind: "loading" }); setAttempt((n) => n + 1); }} />;
    case "found":
      return <PostView post={state.post} related={[]} labels={props as PostLabels} />;
    case "not-found": {
      const nf = props.notFound ?? { title: site.errorPage.title, text: site.errorPage.text, back: props.back };
      return (
        <div {...{ [MARKER]: "" }}>
          <NotFoundView {...nf} />
        </div>
      );
    }
  }
}
