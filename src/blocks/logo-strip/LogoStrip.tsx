import { Box, Container, Flex, Text } from "@chakra-ui/react";
import { useId } from "react";
import { Picture } from "../../ui/Picture.tsx";
import type { BlockProps } from "../define.tsx";
import type definition from "./definition.ts";

/**
 * Logos are drawn 40px high at their own width: the width and height attributes give the ratio,
 * so the box is reserved before the file arrives. Picture's own style says height: auto (the
 * image's own size), which this overrides.
 */
const logoBox = { "& img": { height: "40px !important", width: "auto" } };

export default function LogoStrip({ title, logos, tone }: BlockProps<typeof definition>) {
  // A page may have more than one strip: each needs its own id for its label.
  const titleId = useId();
  return (
    <Box as="section" aria-labelledby={titleId} bg={tone === "muted" ? "gray.50" : "white"} py="12" borderTopWidth="1px" borderColor="gray.100">
      <Container maxW="6xl">
        <Text id={titleId} textAlign="center" textTransform="uppercase" letterSpacing="widest" fontSize="sm" fontWeight="semibold" color="gray.600">
          {title}
        </Text>
        <Flex as="ul" mt="6" wrap="wrap" justify="center" align="center" gap={{ base: "6", md: "12" }} listStyleType="none">
          {logos.map(({ name, logo }) =>
            logo ? (
              <Box as="li" key={name} lineHeight="0" css={logoBox}>
                <Picture image={logo} sizes="200px" />
              </Box>
            ) : (
              <Text as="li" key={name} fontSize={{ base: "lg", md: "xl" }} fontWeight="semibold" color="gray.600" letterSpacing="tight">
                {name}
              </Text>
            ),
          )}
        </Flex>
      </Container>
    </Box>
  );
}
