/**
 * The floor of `npm run bench`: a page with nothing to it (a heading and a paragraph, no style
 * sheet, no script), served with the headers every page of the site gets. What Lighthouse
 * reports for it is what the browser costs on its own under those headers, before a page adds
 * anything. Under `Cross-Origin-Opener-Policy: same-origin` that is not zero: the page's commit
 * (a new document and its script context in a fresh renderer) runs after Lantern's estimated
 * first paint (docs/architecture.md, "What start-up costs").
 */
import http from "node:http";
import { contentSecurityPolicy, SECURITY_HEADERS } from "../../src/runtime/security-policy.ts";

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>A page with nothing to it</title>
<meta name="description" content="The floor of the benchmark: what the browser costs on its own, under the site's headers.">
</head>
<body><main><h1>A page with nothing to it</h1><p>One heading and one paragraph: no style sheet, no script, no image.</p></main></body>
</html>
`;

const HEADERS = { ...SECURITY_HEADERS, "Content-Security-Policy": contentSecurityPolicy(), "Cache-Control": "no-cache" };

export async function serveFloorPage(port: number) {
  const server = http.createServer((req, res) => {
    if (req.url !== "/") res.writeHead(404, HEADERS).end();
    else res.writeHead(200, { ...HEADERS, "Content-Type": "text/html; charset=utf-8" }).end(PAGE);
  });
  await new Promise<void>((resolve, reject) =>
    server
      .once("error", (e: NodeJS.ErrnoException) =>
        reject(e.code === "EADDRINUSE" ? new Error(`Port ${port} (the bench's floor page) is already in use: stop the process listening on it, or run with --no-floor.`) : e),
      )
      .listen(port, "127.0.0.1", resolve),
  );
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
