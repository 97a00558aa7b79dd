/**
 * /admin/media: the media library. Drop or choose several images (each uploaded on its own,
 * with its progress and, when refused, its reason), find one by its name, alt text, caption or
 * tag, by a tag, or by what it lacks (unused, no alt text, no translation of it), and open it
 * (MediaAsset.tsx).
 * The server decides who may publish and delete (server/studio/media-api.ts).
 */
import { Badge, Box, Button, chakra, Field, Flex, Heading, Input, NativeSelect, SimpleGrid, Text } from "@chakra-ui/react";
import { type DragEvent, useCallback, useRef, useState } from "react";
import type { MediaAsset } from "../../../schemas/studio-media.ts";
import { LoadingState } from "../../ui/States.tsx";
import type { Me } from "../client.ts";
import { media } from "../media.ts";
import { texts } from "../texts.ts";
import { useAnswer } from "../ui/answer.ts";
import { Failed } from "../ui/Failed.tsx";
import { UploadList, useImageInput, useUploads } from "../ui/uploads.tsx";
import { MediaAssetPage } from "./MediaAsset.tsx";

const t = texts.media;

export type MediaFilter = "all" | "unused" | "no-alt" | `no-translation:${string}`;

/** Whether an image is what the search, the tag and the filter ask for ("": any tag). */
export function mediaMatches(asset: MediaAsset, query: string, tag: string, filter: MediaFilter): boolean {
  const { manifest } = asset;
  const words = [asset.id.replace(/-/g, " "), manifest.alt, manifest.caption, ...(manifest.tags ?? []), ...Object.values(asset.translations).map((text) => text.alt)].join(" ").toLowerCase();
  if (query !== "" && !query.toLowerCase().split(/\s+/).every((word) => words.includes(word))) return false;
  if (tag !== "" && !manifest.tags?.includes(tag)) return false;
  if (filter === "unused") return asset.uses === 0;
  if (filter === "no-alt") return !manifest.alt;
  if (filter.startsWith("no-translation:")) return Boolean(manifest.alt) && !asset.translations[filter.slice("no-translation:".length)];
  return true;
}

export function Media({ me }: { me: Me }) {
  const load = useCallback(() => media.list(), []);
  const [library, retry] = useAnswer(load);
  const [query, setQuery] = useState("");
  const [filter, setFilter] = useState<MediaFilter>("all");
  const [tag, setTag] = useState("");
  const [opened, setOpened] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);

  const back = (said?: string) => {
    setOpened(undefined);
    setNotice(said);
    retry({ quiet: true });
    requestAnimationFrame(() => heading.current?.focus());
  };

  if (opened) {
    const locales = library?.state === "loaded" ? library.data.locales : [];
    return <MediaAssetPage id={opened} me={me} locales={locales} onBack={back} />;
  }
  const assets = library?.state === "loaded" ? library.data.assets : undefined;
  const shown = assets?.filter((asset) => mediaMatches(asset, query.trim(), tag, filter));
  const tags = [...new Set(assets?.flatMap((asset) => asset.manifest.tags ?? []))].sort();

  return (
    <Box data-testid="studio-media">
      <Heading as="h1" size="2xl" ref={heading} tabIndex={-1}>{t.heading}</Heading>
      <Text mt="2" color="gray.700">{t.intro}</Text>
      <Uploader onDone={() => retry({ quiet: true })} />
      <Box role="status">{notice && <Text mt="4" color="green.900" bg="green.50" p="3" rounded="md">{notice}</Text>}</Box>
      {library?.state === "loading" && <LoadingState label={t.loading} />}
      <Failed answer={library} retry={retry} label={t.retry} />
      {assets && shown && (
        <>
          <Flex mt="8" gap="4" align="end" wrap="wrap">
            <Field.Root flex="1" minW="56">
              <Field.Label>{t.search}</Field.Label>
              <Input type="search" bg="white" value={query} onChange={(e) => setQuery(e.target.value)} />
            </Field.Root>
            {tags.length > 0 && (
              <Field.Root w="auto" minW="40">
                <Field.Label>{t.tag}</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field bg="white" value={tag} onChange={(e) => setTag(e.target.value)}>
                    <option value="">{t.anyTag}</option>
                    {tags.map((name) => <option key={name} value={name}>{name}</option>)}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
            )}
            <Field.Root w="auto" minW="56">
              <Field.Label>{t.show}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field bg="white" value={filter} onChange={(e) => setFilter(e.target.value as MediaFilter)}>
                  <option value="all">{t.filters.all}</option>
                  <option value="unused">{t.filters.unused}</option>
                  <option value="no-alt">{t.filters.noAlt}</option>
                  {library?.state === "loaded" && library.data.locales.map((locale) => <option key={locale.code} value={`no-translation:${locale.code}`}>{t.filters.noTranslation(locale.name)}</option>)}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          </Flex>
          <Text mt="4" color="gray.700" role="status">{t.count(shown.length, assets.length)}</Text>
          {shown.length === 0 && <Text mt="4">{t.none}</Text>}
          <SimpleGrid as="ul" listStyleType="none" columns={{ base: 2, md: 3, lg: 4 }} gap="4" mt="4" aria-label={t.heading}>
            {shown.map((asset) => (
              <chakra.li key={asset.id}>
                <AssetCard asset={asset} open={() => setOpened(asset.id)} />
              </chakra.li>
            ))}
          </SimpleGrid>
        </>
      )}
    </Box>
  );
}

function AssetCard({ asset, open }: { asset: MediaAsset; open: () => void }) {
  return (
    <chakra.button type="button" onClick={open} w="full" textAlign="start" borderWidth="1px" borderColor="gray.300" rounded="md" overflow="hidden" bg="white" _hover={{ borderColor: "gray.600" }} _focusVisible={{ outline: "3px solid", outlineColor: "blue.600", outlineOffset: "2px" }} data-testid="media-card">
      <chakra.img src={media.fileUrl(asset.id, 320)} alt="" loading="lazy" w="full" aspectRatio="4 / 3" objectFit="contain" bg="gray.100" />
      <Box p="2">
        <Text fontWeight="semibold" wordBreak="break-word">{asset.id}</Text>
        <Flex gap="1" mt="1" wrap="wrap">
          {asset.state !== "published" && <Badge colorPalette="blue" color="blue.900">{t.state[asset.state]}</Badge>}
          {!asset.manifest.alt && <Badge colorPalette="yellow" color="yellow.900">{t.noAlt}</Badge>}
          <Badge colorPalette="gray" color="gray.800">{t.uses(asset.uses)}</Badge>
          {asset.manifest.tags?.map((name) => <Badge key={name} variant="outline" color="gray.800">{name}</Badge>)}
        </Flex>
      </Box>
    </chakra.button>
  );
}

/** Drop or choose images: each is sent on its own, with its progress and its answer. */
function Uploader({ onDone }: { onDone: () => void }) {
  const [over, setOver] = useState(false);
  const { sending, send } = useUploads();
  const sendAll = async (files: File[]) => {
    await send(files);
    onDone();
  };
  const { element, choose } = useImageInput((files) => void sendAll(files), { multiple: true, testId: "media-input" });
  const dropped = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    void sendAll([...event.dataTransfer.files]);
  };

  return (
    <Box as="section" aria-labelledby="media-upload" mt="6">
      <Heading as="h2" size="lg" id="media-upload">{t.upload.heading}</Heading>
      <Box
        mt="3"
        p="6"
        borderWidth="2px"
        borderStyle="dashed"
        borderColor={over ? "blue.600" : "gray.400"}
        rounded="md"
        bg={over ? "blue.50" : "gray.50"}
        textAlign="center"
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={dropped}
        data-testid="media-drop"
      >
        <Text>{t.upload.drop}</Text>
        <Button mt="2" onClick={choose}>{t.upload.choose}</Button>
        {element}
        <Text mt="2" fontSize="sm" color="gray.700">{t.upload.rules}</Text>
      </Box>
      <UploadList sending={sending} label={t.upload.listLabel} />
    </Box>
  );
}
