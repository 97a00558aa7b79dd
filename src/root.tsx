import { Box, Container, Heading, Text } from "@chakra-ui/react";
import { LinkButton } from "./ui/LinkButton.tsx";
import { type ReactNode, useContext } from "react";
import { Links, Meta, Outlet, Scripts, useLocation, useMatches, useRouteError, useRouteLoaderData } from "react-router";
import site from "./page/site-settings.ts";
import type { Route } from "./+types/root";
import { shellData } from "./runtime/content.server.ts";
import { IMAGE_FALLBACK_SCRIPT } from "./page/image-fallback.ts";
import { scriptFontCss, scriptFontOf } from "./styles/script-fonts.ts";
import { FACES_ON_ATTR, FACES_STYLE_ID } from "./styles/font-stack.ts";
import { standInCss, TEXT_FACE_AT_ONCE, textFaceCss } from "./styles/text-face.ts";
import { EARLY_EVENTS_SCRIPT } from "./runtime/islands/early-events.ts";
import { SPECULATION_RULES } from "./runtime/navigation.ts";
import { PageProvider } from "./page/context.tsx";
import { RouterScripts } from "./runtime/router-scripts.ts";
import { StyleProvider } from "./styles/provider.tsx";
import { Shell } from "./shell/Shell.tsx";
import { SiteConfigProvider, SiteLanguagesProvider } from "./page/site-config.ts";
import { LOCALE_PATHS_ATTR, LOCALE_PREFIX_ATTR } from "./page/local-href.ts";
import type { Head, PageLanguage } from "./runtime/page-data.ts";
import { NOTICE_LABELS_ATTR, noticeLabelsOf } from "./ui/notice-labels.ts";
import { UI_STRINGS, UiStringsProvider } from "./page/ui-strings.ts";
import { themeColoursCss } from "./styles/theme-colours.ts";
import { iconLinks } from "./runtime/site-icons.ts";

export async function loader({ request }: Route.LoaderArgs) {
  return shellData(new URL(request.url).pathname);
}

export const links: Route.LinksFunction = () => [
  ...iconLinks,
  { rel: "manifest", href: "/site.webmanifest" },
];

/** The page's language (page-data.ts), on a site built in more than one locale. */
function usePageLanguage(): PageLanguage | undefined {
  return useMatches()
    .map((m) => (m.data as { head?: Head } | undefined)?.head?.language)
    .find((language) => language !== undefined);
}

/**
 * The faces, in one <style>: the stand-ins, in force from the first paint, and Inter's rule and,
 * on a page in a language whose script the system may lack (Hindi), its script's
 * (styles/script-fonts.ts): named by no text until they are turned on (styles/text-face.ts),
 * so never fetched before the page has painted.
 */
function Faces({ lang }: { lang: string }) {
  const script = scriptFontOf(lang);
  return (
    <>
      <style id={FACES_STYLE_ID} data-letters={script?.letters} dangerouslySetInnerHTML={{ __html: standInCss + textFaceCss + (script ? scriptFontCss(lang, script) : "") }} />
      <script dangerouslySetInnerHTML={{ __html: TEXT_FACE_AT_ONCE }} />
    </>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const language = usePageLanguage();
  // The settings as published (the shell's data); the build's where there is none (an error page).
  const settings = useRouteLoaderData<typeof loader>("root")?.site ?? site;
  return (
    // The faces on at once in development, which has no after-paint loader.
    <html {...(import.meta.env.DEV && { [FACES_ON_ATTR]: "" })} lang={language?.lang ?? site.locale} {...(language && { dir: language.dir })} {...(language?.prefix && { [LOCALE_PREFIX_ATTR]: language.prefix })} {...(language?.paths && { [LOCALE_PATHS_ATTR]: JSON.stringify(language.paths) })} {...(language?.strings && { [NOTICE_LABELS_ATTR]: JSON.stringify(noticeLabelsOf(language.strings)) })}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Before the body is parsed: keep what the visitor does before an island has hydrated (early-events.ts). */}
        <script dangerouslySetInnerHTML={{ __html: EARLY_EVENTS_SCRIPT }} />
        <meta name="theme-color" content={settings.theme.brand} />
        <style dangerouslySetInnerHTML={{ __html: themeColoursCss(settings.theme) }} />
        <Faces lang={language?.lang ?? site.locale} />
        <Meta />
        <Links />
        {/* Broken images' fallback, and same-site links prefetched on intent (navigation.ts). */}
        <script dangerouslySetInnerHTML={{ __html: IMAGE_FALLBACK_SCRIPT }} />
        <script type="speculationrules" dangerouslySetInnerHTML={{ __html: SPECULATION_RULES }} />
      </head>
      <body>
        <StyleProvider>{children}</StyleProvider>
        {useContext(RouterScripts) && <Scripts />}
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  // Local tools (the page editor and its preview) draw their own frame: `handle = { shell: false }`.
  const bare = useMatches().some((m) => (m.handle as { shell?: boolean } | undefined)?.shell === false);
  const language = usePageLanguage();
  // The navigation marks its links by the default locale's path: /hi/about is About's version.
  const location = useLocation().pathname;
  const path = language?.source ?? location;
  if (bare) return <Outlet />;
  return (
    <UiStringsProvider value={{ locale: language?.lang ?? site.locale, catalogue: language?.strings ?? UI_STRINGS }}>
      <PageProvider value={{ path, pending: false }}>
        <SiteConfigProvider value={loaderData.site}>
          <SiteLanguagesProvider value={loaderData.siteLanguages ?? {}}>
            <Shell services={loaderData.services} newsletter={loaderData.newsletter} locale={loaderData.locale} languages={language && { current: language.lang, versions: language.versions, samePath: language.notFound === true }}>
              <Outlet />
            </Shell>
          </SiteLanguagesProvider>
        </SiteConfigProvider>
      </PageProvider>
    </UiStringsProvider>
  );
}

/** Shown if a page fails unexpectedly while it renders (the dev server); a build stops on such an error. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { title, text, back } = site.errorPage;
  if (import.meta.env.DEV) console.error(error);
  return (
    <Container as="main" id="main" maxW="2xl" textAlign="center" py="32">
      <Heading as="h1" size="2xl">{title}</Heading>
      <Text mt="4" color="gray.600">{text}</Text>
      <Box mt="8">
        <LinkButton href={back.href} size="lg">
          {back.label}
        </LinkButton>
      </Box>
    </Container>
  );
}
