import { Box, Button, Container, Heading, Text } from "@chakra-ui/react";
import { type ReactNode, useEffect } from "react";
import { Link as RouterLink, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteError } from "react-router";
import site from "../site.config.ts";
import type { Route } from "./+types/root";
import { shellData } from "./runtime/content.server.ts";
import { EARLY_CLICKS_SCRIPT } from "./runtime/early-clicks.ts";
import { hydration } from "./runtime/hydration.ts";
import { InstantScrollOnRouteChange } from "./runtime/route-scroll.tsx";
import { StyleProvider } from "./runtime/styles.tsx";
import { Shell } from "./shell/Shell.tsx";

export async function loader() {
  return shellData();
}

// The shell's data is the same on every page: never refetch it on navigation.
export const shouldRevalidate = () => false;

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/site.webmanifest" },
];

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang={site.locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Before the body is parsed: clicks on controls that wait for their code are kept (early-clicks.ts). */}
        <script dangerouslySetInnerHTML={{ __html: EARLY_CLICKS_SCRIPT }} />
        <meta name="theme-color" content={site.theme.brand} />
        <Meta />
        <Links />
      </head>
      <body>
        <StyleProvider>{children}</StyleProvider>
        <InstantScrollOnRouteChange />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  useEffect(() => hydration.shell(), []);
  // Local tools (the page editor and its preview) draw their own frame: `handle = { shell: false }`.
  const bare = useMatches().some((m) => (m.handle as { shell?: boolean } | undefined)?.shell === false);
  if (bare) return <Outlet />;
  return (
    <Shell services={loaderData.services} newsletter={loaderData.newsletter}>
      <Outlet />
    </Shell>
  );
}

/** Shown only when something fails unexpectedly in the browser; unknown paths have their own pages. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { title, text, back } = site.errorPage;
  if (import.meta.env.DEV) console.error(error);
  return (
    <Container as="main" id="main" maxW="2xl" textAlign="center" py="32">
      <Heading as="h1" size="3xl">{title}</Heading>
      <Text mt="4" color="gray.600">{text}</Text>
      <Box mt="8">
        <Button asChild size="lg">
          <RouterLink to={back.href} reloadDocument>{back.label}</RouterLink>
        </Button>
      </Box>
    </Container>
  );
}
