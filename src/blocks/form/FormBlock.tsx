import { Box, Container } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { Island } from "../../page/Island.tsx";
import { useFormTexts } from "../../page/ui-strings.ts";
import { forForm } from "../../page/form-strings.ts";
import { contentForm } from "../../forms/ContentForm.island.ts";
import { Section, tones } from "../../ui/Section.tsx";
import type { BlockProps } from "../define.tsx";
import type definition from "./definition.ts";

/** A form from the forms collection (contact, careers application, newsletter) in a page section. */
export default function FormBlock({ heading, layout, anchor, tone, data }: BlockProps<typeof definition>) {
  // On a page in another locale the island is given the form texts in its language.
  const texts = useFormTexts();
  const inverted = tone === "brand";
  const card = layout === "stacked" && !inverted;
  const body = (
    <Box
      maxW={layout === "inline" ? "xl" : "3xl"}
      mx="auto"
      {...(card && { bg: "white", color: "gray.800", borderWidth: "1px", borderColor: "gray.200", rounded: "2xl", shadow: "sm", p: { base: "6", md: "10" } })}
    >
      {/* An island: it hydrates when the visitor reaches for the form, or at once when the URL fills it in. */}
      <Island
        of={contentForm}
        props={{ form: data.form, layout, inverted, prefill: data.prefill, ...(data.locale && { locale: data.locale, texts: forForm(data.form, texts) }) }}
        hydrateWithQuery={data.prefill.map((rule) => rule.param)}
      />
    </Box>
  );
  if (heading) return <Section tone={tone} heading={heading} id={anchor}>{body}</Section>;
  return <Continuation tone={tone} id={anchor}>{body}</Continuation>;
}

/** Without a heading the form continues the section above (e.g. a section-heading block): no top spacing. */
function Continuation({ tone, id, children }: { tone: keyof typeof tones; id?: string; children: ReactNode }) {
  return (
    <Box id={id} scrollMarginTop={id ? "16" : undefined} bg={tones[tone].bg} color={tones[tone].color} pb={{ base: "14", md: "20" }} data-tone={tone}>
      <Container maxW="6xl">{children}</Container>
    </Box>
  );
}
