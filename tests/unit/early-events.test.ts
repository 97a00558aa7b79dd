// @vitest-environment jsdom
/**
 * What a visitor does in an island before it has hydrated is kept, and played again once:
 * the inline script's side (what it keeps, what it lets through) and the runtime's replay.
 * In a real browser, under a slowed CPU and network: tests/e2e/early-clicks.spec.ts.
 */
import { EARLY_EVENTS_SCRIPT, type EarlyEvents } from "../../src/runtime/islands/early-events.ts";
import { play } from "../../src/runtime/islands/runtime.ts";

let early: EarlyEvents;
const seen: string[] = [];
const record = (event: Event) => seen.push(`${event.type}:${(event.target as HTMLElement).id || (event.target as HTMLElement).tagName}`);

beforeAll(() => {
  new Function(EARLY_EVENTS_SCRIPT)();
  early = window.__islands!;
  // What the island's own handlers would see (React listens on the island's element).
  for (const type of ["click", "submit", "keydown"]) document.body.addEventListener(type, record);
});

beforeEach(() => {
  seen.length = 0;
  early.queue.length = 0;
  early.wanted.clear();
  delete early.wake;
  document.body.innerHTML = `
    <site-island id="plain"><button id="notice">Get Started</button><a id="link" href="#x">Read</a>
      <form id="form"><input id="field" name="q"><button id="send">Send</button></form></site-island>
    <site-island id="holding" data-capture-links><a id="quote" href="#contact">Get Quote</a></site-island>
    <site-island id="done" data-hydrated="true"><button id="live">Live</button></site-island>
    <button id="outside">Outside</button>`;
});

const el = (id: string) => document.getElementById(id)!;
const click = (id: string, init: MouseEventInit = {}) => el(id).dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0, ...init }));
const key = (id: string, k: string) => el(id).dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true }));

describe("before an island has hydrated", () => {
  it("keeps a click on a control: its handlers do not see it, and the island is asked for", () => {
    expect(click("notice")).toBe(false); // default prevented
    expect(seen).toEqual([]);
    expect(early.queue.map((k) => k.event.target)).toEqual([el("notice")]);
    expect([...early.wanted]).toEqual([el("plain")]);
  });

  it("keeps each click, in order", () => {
    click("notice");
    click("send");
    click("notice");
    expect(early.queue.map((k) => (k.event.target as HTMLElement).id)).toEqual(["notice", "send", "notice"]);
  });

  it("keeps a form's submission and a widget key, but never typing", () => {
    el("form").dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
    key("notice", "Escape");
    key("field", "ArrowLeft"); // moves the caret in the field: the browser's business
    key("notice", "a");
    expect(early.queue.map((k) => `${k.event.type}:${(k.event.target as HTMLElement).id}`)).toEqual(["submit:form", "keydown:notice"]);
    expect(seen).toEqual(["keydown:field", "keydown:notice"]);
  });

  it("lets links be followed, unless the island holds its links", () => {
    expect(click("link")).toBe(true);
    expect(click("quote")).toBe(false);
    expect(early.queue.map((k) => (k.event.target as HTMLElement).id)).toEqual(["quote"]);
    expect([...early.wanted]).toEqual([el("plain"), el("holding")]); // reaching for the first asks for it all the same
  });

  it("lets a click with a modifier through (open in a new tab)", () => {
    expect(click("quote", { ctrlKey: true })).toBe(true);
    expect(early.queue).toEqual([]);
  });

  it("leaves alone what happens outside islands and in islands that have hydrated", () => {
    click("outside");
    click("live");
    expect(seen).toEqual(["click:outside", "click:live"]);
    expect(early.queue).toEqual([]);
    expect(early.wanted.size).toBe(0);
  });

  it("asks the runtime for the island once the runtime is there", () => {
    const woken: HTMLElement[] = [];
    early.wake = (island) => woken.push(island);
    el("field").dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    expect(woken).toEqual([el("plain")]);
    expect(early.wanted.size).toBe(0);
  });
});

describe("once it has hydrated", () => {
  it("plays each kept event again on its element, as the visitor did it", () => {
    click("notice", { clientX: 12, clientY: 34 });
    key("notice", "Escape");
    el("plain").setAttribute("data-hydrated", "true");
    for (const { event } of early.queue.splice(0)) play(event);
    expect(seen).toEqual(["click:notice", "keydown:notice"]);
  });

  it("submits a kept submission with the button that sent it", () => {
    const submitted: (string | undefined)[] = [];
    el("form").addEventListener("submit", (e) => {
      submitted.push((e as SubmitEvent).submitter?.id);
      e.preventDefault();
    });
    el("form").dispatchEvent(new SubmitEvent("submit", { bubbles: true, cancelable: true, submitter: el("send") }));
    expect(submitted).toEqual([]);
    el("plain").setAttribute("data-hydrated", "true");
    for (const { event } of early.queue.splice(0)) play(event);
    expect(submitted).toEqual(["send"]);
  });
});
