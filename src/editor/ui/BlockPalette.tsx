/**
 * The palette of block types: every registered block, by its label ("Card grid", never its
 * type key), with the description its schema gives (a new block type appears here with no editor code). Choosing one adds it below the
 * selected block with what its schema requires.
 */
import { Button, chakra, SimpleGrid, Text } from "@chakra-ui/react";
import { useEffect, useState } from "react";
import { blocks, type BlockType, blockTypes } from "../../blocks/registry.ts";
import { SECTION_BLOCK } from "../../../schemas/page.ts";
import { texts } from "../texts.ts";
import { Dialog } from "../../ui/Dialog.tsx";
import { blockLabel } from "../schema/labels.ts";

const t = texts.palette;

/** `withoutSections`: in a section, which cannot place another. */
export function BlockPalette({ open, onClose, onChoose, withoutSections = false }: { open: boolean; onClose: () => void; onChoose: (type: BlockType) => void; withoutSections?: boolean }) {
  const [descriptions, setDescriptions] = useState<Partial<Record<BlockType, string>>>({});
  useEffect(() => {
    if (!open) return;
    void Promise.all(blockTypes.map(async (type) => [type, (await blocks[type].definition()).schema.description ?? ""] as const)).then((entries) =>
      setDescriptions(Object.fromEntries(entries)),
    );
  }, [open]);
  return (
    <Dialog open={open} title={t.title} onClose={onClose} testId="block-palette" wide>
      <Text mt="2" color="gray.700">
        {t.intro}
      </Text>
      <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 2 }} gap="2" mt="4">
        {blockTypes.filter((type) => !(withoutSections && type === SECTION_BLOCK)).map((type) => (
          <li key={type}>
            <chakra.button
              type="button"
              w="full"
              h="full"
              textAlign="start"
              p="3"
              rounded="md"
              borderWidth="1px"
              borderColor="gray.300"
              _hover={{ borderColor: "brand.600", bg: "brand.50" }}
              _focusVisible={{ outline: "2px solid", outlineColor: "brand.600" }}
              onClick={() => onChoose(type)}
              aria-label={t.add(blockLabel(type))}
              aria-describedby={`palette-${type}`}
            >
              <Text fontWeight="semibold" color="gray.900">
                {blockLabel(type)}
              </Text>
              <Text id={`palette-${type}`} fontSize="sm" color="gray.700" mt="1">
                {descriptions[type] ?? ""}
              </Text>
            </chakra.button>
          </li>
        ))}
      </SimpleGrid>
      <Button mt="5" variant="outline" onClick={onClose}>
        {t.close}
      </Button>
    </Dialog>
  );
}
