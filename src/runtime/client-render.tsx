/**
 * A page rendered wholly in the browser, with the real shell, blocks and theme: the entry
 * point for a preview of a draft (the page editor's iframe). The same components as a built
 * page, with createRoot instead of prerendering: every island is simply its component here,
 * interactive at once, each block's code loads on demand (a block whose code fails shows the
 * load error with Retry), and the shell's behaviours (scroll, chat button) run as on a built
 * page. `page` is what the route's loader returns for a path (resolvePath, content.server.ts),
 * `shell` what the root's loader returns (shellData).
 *
 *   const root = renderPage(document.getElementById("preview")!, { page, shell });
 *   root.update({ page: nextDraft, shell });   // re-render with a changed draft
 *   root.unmount();
 */
import { type ReactNode, Suspense, useEffect } from "react";
import { createRoot } from "react-dom/client";
import { startShellBehaviours } from "../shell/behaviours.ts";
import { Shell } from "../shell/Shell.tsx";
import { SiteConfigProvider } from "../page/site-config.ts";
import type { ShellData } from "./content.server.ts";
import { PageProvider } from "../page/context.tsx";
import type { PageData } from "./page-data.ts";
import { PageRenderer } from "./PageRenderer.tsx";
import { StyleProvider } from "../styles/provider.tsx";

export interface RenderedPage {
  page: Pick<PageData, "path" | "blocks"> & Partial<Pick<PageData, "pending" | "fallback">>;
  shell: ShellData;
}

export function renderPage(container: HTMLElement, initial: RenderedPage) {
  const root = createRoot(container);
  const render = ({ page, shell }: RenderedPage) =>
    root.render(
      <PageProvider value={{ path: page.path, pending: page.pending ?? false }}>
        <StyleProvider>
          <Suspense>
            <SiteConfigProvider value={shell.site}>
              <Shell services={shell.services} newsletter={shell.newsletter} locale={shell.locale}>
                <PageRenderer blocks={page.blocks} fallback={page.fallback} />
              </Shell>
            </SiteConfigProvider>
            <Behaviours container={container} />
          </Suspense>
        </StyleProvider>
      </PageProvider>,
    );
  render(initial);
  return { update: render, unmount: () => root.unmount() };
}

/** Starts the shell's behaviours once the shell is in the DOM (in the same Suspense boundary). */
function Behaviours({ container }: { container: HTMLElement }): ReactNode {
  useEffect(() => startShellBehaviours(container), [container]);
  return null;
}
