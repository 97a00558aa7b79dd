import type { ResolvedForm } from "../../schemas/forms.ts";
import type { FormTexts } from "../../src/page/form-strings.ts";
import type { valuesSchema } from "../../src/forms/values.ts";

/** A served form as a page of one locale shows it: its labels and notices, and its messages, in the locale's language. */
export interface FormInLocale {
  form: ResolvedForm;
  schema: ReturnType<typeof valuesSchema>;
  texts: FormTexts;
  /** The result page's `<html lang dir>`. */
  lang: string;
  dir: "ltr" | "rtl";
}
