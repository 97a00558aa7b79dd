/** The audit log reads as words: ids and git's names only in the developers' line, dates and problems by name. */
import { describe, expect, it } from "vitest";
import { detailText, targetWords } from "../../src/studio/ui/audit-words.ts";

describe("an audit entry's detail", () => {
  it("keeps a schedule's and a review's ids for developers, and says when and by whom", () => {
    const detail = { schedule: "01a22492-cfb7-7000-9353-995e6be1c88e", review: "01a22492-8029-7000-b124-a881648cf62b", scheduledBy: "asha@example.com", at: "2026-11-29T23:52:00.000Z" };
    const shown = detailText(detail, false);
    expect(shown).not.toMatch(/01a22492|schedule:|review:/);
    expect(shown).toContain("scheduled by: asha@example.com");
    expect(shown).toMatch(/^scheduled by: asha@example\.com, for: .*2026/);
    expect(detailText(detail, true)).toBe("schedule: 01a22492-cfb7-7000-9353-995e6be1c88e, review: 01a22492-8029-7000-b124-a881648cf62b");
  });

  it("names a publish's problems by their titles, and says yes or no", () => {
    expect(detailText({ reason: "The campaign starts now.", problems: ["GateNoMainHeading"] }, false)).toBe("reason: The campaign starts now., problems: No main heading");
    expect(detailText({ role: "editor", mailed: false }, false)).toBe("role: editor, invitation emailed: no");
  });

  it("names the page an image was published with, and the new images a page was published with", () => {
    expect(detailText({ commit: "1a2b3c4d", with: "content/pages/contact.json" }, false)).toBe("published with: page “contact”");
    expect(detailText({ commit: "1a2b3c4d", images: ["team-at-work", "office"] }, false)).toBe("with the new images: team-at-work, office");
  });

  it("shows a key it has no word for to developers only", () => {
    expect(detailText({ somethingNew: "x" }, false)).toBe("");
    expect(detailText({ somethingNew: "x" }, true)).toBe("somethingNew: x");
  });
});

describe("an audit entry's document", () => {
  it("is named as a marketer knows it, never by its file", () => {
    expect(targetWords("content/pages/about.json")).toBe("page “about”");
    expect(targetWords("content/translations/hi/pages/about.json")).toBe("hi translation of page about");
    expect(targetWords("content/site.json")).toBe("site settings");
    expect(targetWords("content/translations/hi/site.json")).toBe("hi translation of site settings");
    expect(targetWords("content/sections/start-your-project.json")).toBe("section “start your project”");
    expect(targetWords("content/page-templates/landing-page.json")).toBe("page template “landing page”");
    expect(targetWords("content/translations/hi/sections/start-your-project.json")).toBe("hi translation of section start-your-project");
  });
});
