/**
 * The page editor's parts for reusable sections (content/sections/, src/runtime/sections.ts):
 * saving a block as a section (published at once, then placed on the page by reference), a
 * placed section's panel (its name, where it is used, Change everywhere, Detach this copy), and
 * the list of pages a section is used on. What a section is and how pages show it is not here.
 */
import { Box, Button, chakra, Flex, Input, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { uniqueBlockKey } from "../../../schemas/block-key.ts";
import { SECTION_BLOCK } from "../../../schemas/page.ts";
import { followInPage } from "../../page/location.ts";
import { EDITOR_PATH } from "../../runtime/studio-paths.ts";
import { sectionFile } from "../../runtime/sections.ts";
import { Dialog, DialogForm } from "../../ui/Dialog.tsx";
import { LinkButton } from "../../ui/LinkButton.tsx";
import { notify } from "../../ui/toaster.ts";
import type { PagePlace, SectionRef } from "../model.ts";
import { pageShortName } from "../document/names.ts";
import type { StudioApi } from "../studio-api.ts";
import { texts } from "../texts.ts";
import { FieldErrors } from "./Field.tsx";
import type { ContentError } from "../../content-files/errors.ts";

const t = texts.sections;

export const sectionUrl = (id: string) => `${EDITOR_PATH}?section=${encodeURIComponent(id)}`;
const pageSlug = (page: PagePlace) => page.file.replace(/^content\/pages\//, "").replace(/\.json$/, "");
const placeUrl = (page: PagePlace) => `${EDITOR_PATH}?page=${encodeURIComponent(pageSlug(page))}`;
/** "About Us (/about)", "Home (/)": a page where a marketer reads it. */
export const placeName = (page: PagePlace) => pageShortName({ path: page.path, meta: { title: page.title } }, pageSlug(page));

/** Whether a block places a section, and which. */
export const placedSection = (block: unknown): string | undefined => {
  const b = block as { type?: unknown; section?: unknown } | null;
  return b?.type === SECTION_BLOCK && typeof b.section === "string" ? b.section : undefined;
};

/** The pages a section is used on, each a link to its editor. */
export function SectionUses({ section }: { section: SectionRef }) {
  return (
    <Box data-testid="section-uses">
      <Text fontSize="sm" fontWeight="medium">
        {t.usedOn(section.usedOn.length)}
      </Text>
      {section.usedOn.length > 0 && (
        <Stack as="ul" listStyleType="none" gap="1" mt="1">
          {section.usedOn.map((page) => (
            <li key={page.file}>
              <chakra.a href={placeUrl(page)} onClick={followInPage} color="brand.700" textDecoration="underline" fontSize="sm">
                {placeName(page)}
              </chakra.a>
            </li>
          ))}
        </Stack>
      )}
    </Box>
  );
}

/** Below a section block's fields: which section it is, where it is used, and the two ways to change it. */
export function SectionPlacement({ section, onDetach }: { section: SectionRef | undefined; onDetach: () => void }) {
  if (!section) {
    return (
      <Text color="red.700" fontSize="sm" role="status">
        {t.missing}
      </Text>
    );
  }
  return (
    <Stack gap="3" p="3" borderWidth="1px" borderColor="gray.300" rounded="md" bg="gray.50" data-testid="section-placement">
      <Text fontWeight="semibold">{t.placed(section.name)}</Text>
      <SectionUses section={section} />
      <Box>
        <LinkButton href={sectionUrl(section.id)} onClick={followInPage} size="sm" data-testid="change-everywhere">
          {t.changeEverywhere}
        </LinkButton>
        <Text mt="1" fontSize="sm" color="gray.700">
          {t.changeEverywhereHelp}
        </Text>
      </Box>
      <Box>
        <Button size="sm" variant="outline" onClick={onDetach} data-testid="detach-section">
          {t.detach}
        </Button>
        <Text mt="1" fontSize="sm" color="gray.700">
          {t.detachHelp}
        </Text>
      </Box>
    </Stack>
  );
}

/** The line atop a section's editor: which pages a publish changes. */
export function SectionEverywhere({ section }: { section: SectionRef | undefined }) {
  const pages = section?.usedOn ?? [];
  return (
    <Text px="4" py="1.5" fontSize="sm" color="gray.800" bg="brand.50" borderBottomWidth="1px" borderColor="gray.200" data-testid="section-everywhere">
      {pages.length > 0 ? t.everywhere(pages.map(placeName).join(", ")) : t.nowhere}
    </Text>
  );
}

/**
 * Names a block as a new section and publishes it (nothing on the site changes: no page places
 * it yet); `onSaved` then places it by reference where the block was.
 */
export function SaveAsSectionDialog({ block, sections, api, onClose, onSaved }: { block: Record<string, unknown> | undefined; sections: SectionRef[]; api: StudioApi; onClose: () => void; onSaved: (id: string, name: string) => void }) {
  const [name, setName] = useState("");
  const [error, setError] = useState<string>();
  const [refusal, setRefusal] = useState<readonly ContentError[]>([]);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setName("");
    setError(undefined);
    setRefusal([]);
    onClose();
  };
  const save = async () => {
    if (!block) return;
    if (!name.trim()) {
      setError(t.save.emptyName);
      document.getElementById("section-name")?.focus();
      return;
    }
    const base = name.trim().toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "") || "section";
    const id = uniqueBlockKey(base, sections.map((s) => s.id));
    setBusy(true);
    const published = await api.publish(sectionFile(id), null, { $schema: "../../schemas/json/section.schema.json", name: name.trim(), blocks: [block] });
    setBusy(false);
    if (!published.ok) {
      setRefusal(published.failure.errors ?? []);
      notify("error", published.failure.error.title, `${published.failure.error.message} ${published.failure.error.hint}`);
      return;
    }
    notify("success", t.save.saved.title, t.save.saved.text(name.trim()));
    onSaved(id, name.trim());
    close();
  };
  return (
    <Dialog open={block !== undefined} title={t.save.title} onClose={close} testId="save-as-section">
      <Text mt="3" color="gray.800">
        {t.save.intro}
      </Text>
      <DialogForm onSubmit={() => void save()}>
        <Box>
          <chakra.label htmlFor="section-name" fontWeight="medium" fontSize="sm">
            {t.save.name}
          </chakra.label>
          <Text id="section-name-help" fontSize="sm" color="gray.700">
            {t.save.nameHelp}
          </Text>
          <Input
            id="section-name"
            mt="1.5"
            maxLength={60}
            value={name}
            onChange={(e) => setName(e.target.value)}
            aria-invalid={!!error || undefined}
            aria-describedby={`section-name-help${error ? " section-name-error" : ""}`}
            autoComplete="off"
          />
          {error && (
            <Text id="section-name-error" mt="1" fontSize="sm" color="red.700">
              {error}
            </Text>
          )}
        </Box>
        <FieldErrors errors={refusal} />
        <Flex gap="3" justify="flex-end" wrap="wrap">
          <Button type="button" variant="outline" onClick={close} disabled={busy}>
            {t.save.cancel}
          </Button>
          <Button type="submit" loading={busy}>
            {t.save.confirm}
          </Button>
        </Flex>
      </DialogForm>
    </Dialog>
  );
}
