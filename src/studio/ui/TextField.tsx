/** A labelled input of a studio form (Chakra's Field: label, control and help text tied together). */
import { Field, Input } from "@chakra-ui/react";
import type { ComponentProps } from "react";

type InputProps = ComponentProps<typeof Input>;

export function TextField({ label, hint, ...input }: { label: string; hint?: string } & InputProps) {
  return (
    <Field.Root required={input.required} mb="4">
      <Field.Label>{label}</Field.Label>
      <Input bg="white" {...input} />
      {hint && <Field.HelperText>{hint}</Field.HelperText>}
    </Field.Root>
  );
}
