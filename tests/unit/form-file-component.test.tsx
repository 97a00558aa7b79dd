// @vitest-environment jsdom
/**
 * The careers form's CV field in a DOM: the prerendered form posts multipart with a file
 * input and its hint; the working form refuses a file the server would refuse, with the same
 * message and without sending, and sends a CV as multipart with its upload's progress shown.
 */
import { ChakraProvider } from "@chakra-ui/react";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import forms from "../../content/collections/forms.json" with { type: "json" };
import services from "../../content/collections/services.json" with { type: "json" };
import type { Collections } from "../../schemas/collections/index.ts";
import { formSchema } from "../../schemas/forms.ts";
import ContentForm from "../../src/forms/ContentForm.tsx";
import { resolveForm } from "../../src/forms/resolve.ts";
import { system } from "../../src/styles/theme.ts";
import site from "../../src/page/site-settings.ts";
import { exe, pdf } from "../contract/fixtures/documents.ts";

const notify = vi.hoisted(() => vi.fn());
vi.mock("../../src/ui/toaster.ts", () => ({ notify }));

const form = (id: string) => resolveForm(formSchema.parse(forms.items.find((f) => f.id === id)), { services: services.items } as unknown as Collections, site);
const careers = { ...form("careers"), minSubmitMs: 0 };
const wrap = (ui: ReactNode) => <ChakraProvider value={system}>{ui}</ChakraProvider>;

/** XMLHttpRequest as the form uses it: what it was sent, an upload that reports progress, an answer when the test says. */
class FakeRequest {
  static last: FakeRequest | undefined;
  sent: FormData | undefined;
  url = "";
  response: unknown = null;
  upload = new EventTarget();
  private events = new EventTarget();
  responseType = "";
  constructor() {
    FakeRequest.last = this;
  }
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }
  send(data: FormData) {
    this.sent = data;
  }
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(Object.assign(new Event("progress"), { lengthComputable: true, loaded, total }));
  }
  answer(body: unknown) {
    this.response = body;
    this.events.dispatchEvent(new Event("load"));
  }
}

beforeEach(() => {
  notify.mockReset();
  FakeRequest.last = undefined;
  vi.stubGlobal("XMLHttpRequest", FakeRequest);
  vi.stubGlobal("fetch", vi.fn());
});
afterEach(() => vi.unstubAllGlobals());

describe("the prerendered careers form", () => {
  test("posts multipart, with a file input for the CV that names its kinds and size; a form without a file does not", () => {
    document.body.innerHTML = renderToString(wrap(<ContentForm form={careers} layout="stacked" />));
    expect(document.querySelector("form")!.getAttribute("enctype")).toBe("multipart/form-data");
    const input = document.querySelector<HTMLInputElement>('input[name="cv"]')!;
    expect(input.type).toBe("file");
    expect(input.accept).toBe(".pdf,application/pdf,.doc,application/msword,.docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    const hint = document.getElementById(input.getAttribute("aria-describedby")!)!;
    expect(hint.textContent).toBe("PDF or Word (.doc, .docx), at most 5 MB");
    document.body.innerHTML = renderToString(wrap(<ContentForm form={form("contact")} layout="stacked" />));
    expect(document.querySelector("form")!.hasAttribute("enctype")).toBe(false);
    document.body.innerHTML = "";
  });
});

describe("the working careers form", () => {
  async function fill(file: File) {
    render(wrap(<ContentForm form={careers} layout="stacked" />));
    await waitFor(() => expect(document.querySelector("form[data-ready=true]")).not.toBeNull());
    fireEvent.change(screen.getByLabelText(/^Full Name/), { target: { value: "Asha Rao" } });
    fireEvent.change(screen.getByLabelText(/^Email Address/), { target: { value: "asha@example.com" } });
    fireEvent.change(screen.getByLabelText(/^Position/), { target: { value: "QA Engineer" } });
    fireEvent.change(screen.getByLabelText(/^CV/), { target: { files: [file] } });
    fireEvent.click(screen.getByRole("checkbox", { name: /^I have read the Privacy Policy/ }));
    fireEvent.click(screen.getByRole("button", { name: "Submit Application" }));
  }

  /** The message under the CV field, as its error (the live region says it too). */
  const cvError = async () => {
    const input = screen.getByLabelText(/^CV/);
    await waitFor(() => expect(input.getAttribute("aria-invalid")).toBe("true"));
    return document.getElementById(`${input.id}-error`)?.textContent;
  };

  test("refuses a renamed program before sending it, with the server's message at the field", async () => {
    await fill(new File([new Uint8Array(exe())], "cv.pdf", { type: "application/pdf" }));
    expect(await cvError()).toBe("CV must be a PDF or Word (.doc, .docx) document; this file is not one");
    expect(FakeRequest.last).toBeUndefined();
  });

  test("refuses a file over 5 MB and an empty one, each with its message", async () => {
    await fill(new File([new Uint8Array(5 * 1024 * 1024 + 1)], "cv.pdf"));
    expect(await cvError()).toBe("CV: the file is larger than 5 MB; please send a smaller one");
    cleanup();
    await fill(new File([], "cv.pdf"));
    expect(await cvError()).toBe("CV: the file is empty (0 bytes); please choose the document itself");
    expect(FakeRequest.last).toBeUndefined();
  });

  test("sends a PDF as multipart with the values, showing the upload's progress with a label until the answer", async () => {
    const cv = new File([new Uint8Array(pdf(2048))], "Asha CV.pdf", { type: "application/pdf" });
    await fill(cv);
    await waitFor(() => expect(FakeRequest.last?.sent).toBeDefined());
    const request = FakeRequest.last!;
    expect(request.url).toBe("/api/careers");
    expect(request.sent!.get("name")).toBe("Asha Rao");
    expect(request.sent!.get("position")).toBe("QA Engineer");
    expect((request.sent!.get("cv") as File).name).toBe("Asha CV.pdf");
    expect(request.sent!.get("consent")).toBe("yes");
    act(() => request.progress(1024, 4096));
    const bar = screen.getByRole("progressbar", { name: "Uploading: 25%" });
    expect(bar.getAttribute("value")).toBe("25");
    act(() => request.answer({ success: true }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith("success", "Application Submitted", "Thank you for applying! We will contact you soon."));
    expect(screen.queryByRole("progressbar")).toBeNull();
  });
});
