/**
 * A submission's locale as people read it: the locale's native name in its own language (so a
 * screen reader says हिन्दी in Hindi), then its code. A code the build no longer has shows as
 * the code alone.
 */
import type { BuiltLocale } from "../../../schemas/studio-submissions.ts";

export function LocaleName({ code, locales }: { code: string; locales: readonly BuiltLocale[] }) {
  const name = locales.find((l) => l.code === code)?.name;
  if (name === undefined) return <span>{code}</span>;
  return (
    <span>
      <span lang={code}>{name}</span> ({code})
    </span>
  );
}
