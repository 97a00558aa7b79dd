/** What each path answers: a page, a 301 redirect, or the not-found page for its prefix. */
import { matchPath, type RouteTable } from "../../src/runtime/route-table.ts";
import { checkFixture } from "../content/site-fixture.ts";

let table: RouteTable;
beforeAll(async () => {
  // The fixture site plus a not-found page of its own for /services.
  const result = await checkFixture({
    files: {
      "content/pages/services-not-found.json": JSON.stringify({
        path: "/services/not-found",
        notFoundFor: "/services",
        meta: { title: "Service Not Found", description: "No such service." },
        blocks: [{ type: "not-found", title: "Service Not Found", text: "No such service.", back: { label: "Back to Home", href: "/" } }],
      }),
    },
  });
  expect(result.errors).toEqual([]);
  table = result.table!;
});

const answer = (path: string) => {
  const match = matchPath(table, path);
  if (match.kind === "redirect") return { redirect: match.to };
  return { [match.kind]: match.entry?.file.source.file, item: match.kind === "page" ? match.entry.item?.id : undefined };
};

describe("matchPath", () => {
  it("finds pages, including one per item of a template page", () => {
    expect(answer("/")).toEqual({ page: "content/pages/home.json", item: undefined });
    expect(answer("/about")).toEqual({ page: "content/pages/about.json", item: undefined });
    expect(answer("/services/cloud")).toEqual({ page: "content/pages/service.json", item: "cloud" });
  });

  it("ignores a trailing slash", () => {
    expect(answer("/about/")).toEqual({ page: "content/pages/about.json", item: undefined });
    expect(answer("/services/cloud//")).toEqual({ page: "content/pages/service.json", item: "cloud" });
  });

  it("answers redirects with their target, with or without a trailing slash", () => {
    expect(answer("/about-us")).toEqual({ redirect: "/about" });
    expect(answer("/about-us/")).toEqual({ redirect: "/about" });
  });

  it("gives unknown paths the not-found page of the longest matching prefix", () => {
    expect(answer("/services/nope")).toEqual({ "not-found": "content/pages/services-not-found.json", item: undefined });
    expect(answer("/services")).toEqual({ "not-found": "content/pages/services-not-found.json", item: undefined });
    // A prefix matches whole segments only.
    expect(answer("/servicesx")).toEqual({ "not-found": "content/pages/404.json", item: undefined });
    expect(answer("/nope/deeper")).toEqual({ "not-found": "content/pages/404.json", item: undefined });
  });

  it("never answers a not-found page's own path as a normal page", () => {
    expect(matchPath(table, "/404").kind).toBe("not-found");
    expect(matchPath(table, "/services/not-found").kind).toBe("not-found");
  });

  it("is case-sensitive, as paths are lowercase by schema", () => {
    expect(matchPath(table, "/About").kind).toBe("not-found");
  });
});
