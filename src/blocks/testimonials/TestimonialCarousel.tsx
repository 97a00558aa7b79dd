import { Box, Flex, HStack, Text } from "@chakra-ui/react";
import { useEffect, useState } from "react";
import { Icon } from "../../ui/Icon.tsx";
import { Picture } from "../../ui/Picture.tsx";
import { Section } from "../../ui/Section.tsx";
import type { BlockProps } from "../define.tsx";
import type definition from "./definition.ts";
import { islandText } from "../../page/ui-strings.ts";
import type { CarouselKey, CarouselTexts } from "./texts.ts";

/**
 * Island: the testimonial carousel. It hydrates when it comes near the viewport (no one
 * sees it advance before), then advances every `intervalMs` and wraps; the dots jump to a
 * testimonial. It pauses while hovered or focused, and never auto-advances for people
 * who ask for reduced motion.
 */
export default function TestimonialCarousel({ heading, intervalMs, data, tone, texts }: BlockProps<typeof definition> & { texts: CarouselTexts }) {
  const say = (key: CarouselKey, values?: Record<string, number>) => islandText(texts, key, values);
  const [current, setCurrent] = useState(0);
  const [paused, setPaused] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(false);

  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    setReducedMotion(query.matches);
    const onChange = () => setReducedMotion(query.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);

  useEffect(() => {
    if (paused || reducedMotion || data.length < 2) return;
    const timer = window.setTimeout(() => setCurrent((i) => (i + 1) % data.length), intervalMs);
    return () => window.clearTimeout(timer);
  }, [current, paused, reducedMotion, intervalMs, data.length]);

  return (
    <Section tone={tone} heading={heading}>
      {/* A group, not a region: the section around it is the landmark (a div takes a label only with a role). */}
      <Box
        role="group"
        aria-roledescription={say("carousel.carousel")}
        aria-label={heading.title}
        maxW="3xl"
        mx="auto"
        onMouseEnter={() => setPaused(true)}
        onMouseLeave={() => setPaused(false)}
        onFocus={() => setPaused(true)}
        onBlur={(e) => !e.currentTarget.contains(e.relatedTarget as Node | null) && setPaused(false)}
      >
        <Box display="grid" aria-live={paused ? "polite" : "off"}>
          {data.map((t, i) => (
            // The slide is a div: a <figure> may not take the group role (axe: aria-allowed-role).
            <Box
              key={t.id}
              role="group"
              aria-roledescription={say("carousel.slide")}
              aria-label={say("carousel.slideOf", { position: i + 1, count: data.length })}
              aria-hidden={i !== current}
              data-active={i === current ? "" : undefined}
              gridArea="1 / 1"
              opacity={i === current ? 1 : 0}
              visibility={i === current ? "visible" : "hidden"}
              transition="opacity 0.5s ease, visibility 0.5s"
              bg="white"
              rounded="2xl"
              shadow="md"
              p={{ base: "6", md: "10" }}
              textAlign="center"
            >
              <figure>
                <HStack justify="center" gap="1" color="orange.500" aria-label={say("carousel.rated", { rating: t.rating })} role="img">
                  {Array.from({ length: t.rating }, (_, s) => (
                    <Icon key={s} name="star" boxSize="5" filled />
                  ))}
                </HStack>
                <Text as="blockquote" mt="5" fontSize={{ base: "lg", md: "xl" }} color="gray.800">
                  “{t.text}”
                </Text>
                <Flex as="figcaption" mt="6" gap="4" align="center" justify="center" textAlign="start">
                  {t.image && (
                    <Box boxSize="14" flexShrink={0} rounded="full" overflow="hidden" bg="brand.50" lineHeight="0">
                      <Picture image={t.image} sizes="56px" ratio="square" />
                    </Box>
                  )}
                  <Box>
                    <Text fontWeight="semibold">{t.name}</Text>
                    <Text color="gray.600" fontSize="sm">
                      {t.role}, {t.company}
                    </Text>
                  </Box>
                </Flex>
              </figure>
            </Box>
          ))}
        </Box>
        <Flex justify="center" gap="3" mt="6">
          {data.map((t, i) => (
            <Box
              as="button"
              key={t.id}
              aria-label={say("carousel.showTestimonial", { position: i + 1, count: data.length })}
              aria-current={i === current ? "true" : undefined}
              onClick={() => setCurrent(i)}
              w={i === current ? "8" : "3"}
              h="3"
              minW="3"
              rounded="full"
              bg={i === current ? "brand.600" : "gray.400"}
              transition="width 0.3s, background 0.3s"
              cursor="pointer"
              _focusVisible={{ outline: "2px solid", outlineColor: "brand.600", outlineOffset: "3px" }}
              // A 24px target around the small dot (WCAG 2.5.8).
              position="relative"
              _before={{ content: '""', position: "absolute", inset: "-6px" }}
            />
          ))}
        </Flex>
      </Box>
    </Section>
  );
}
