import { Badge, Flex, Heading, SimpleGrid, Text } from "@chakra-ui/react";
import { Island } from "../../page/Island.tsx";
import { applyLink } from "./ApplyLink.island.ts";
import { usePage } from "../../page/context.tsx";
import { Icon } from "../../ui/Icon.tsx";
import { LinkButton } from "../../ui/LinkButton.tsx";
import { Section } from "../../ui/Section.tsx";
import type { BlockProps } from "../define.tsx";
import type definition from "./definition.ts";

/** This page with the position in its query, at the application form. */
const applyHref = (path: string, id: string, anchor: string) => `${path}?position=${encodeURIComponent(id)}#${anchor}`;

export default function JobList({ id, heading, data, applyLabel, typeLabels, applyAnchor, tone }: BlockProps<typeof definition>) {
  const { path } = usePage();
  return (
    <Section id={id} tone={tone} heading={heading}>
      <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 2 }} gap="6">
        {data.map((job) => (
          <Flex as="li" key={job.id} direction="column" bg="white" color="gray.800" rounded="xl" borderWidth="1px" borderColor="gray.200" p="7" shadow="sm">
            <Heading as="h3" size="lg">{job.title}</Heading>
            <Flex mt="3" gap="2" wrap="wrap">
              <Badge size="lg" variant="subtle" colorPalette="gray">
                <Icon name="map-pin" boxSize="3.5" /> {job.location}
              </Badge>
              <Badge size="lg" variant="subtle" colorPalette="brand">
                <Icon name="clock" boxSize="3.5" /> {job.type === "Full Time" ? typeLabels.fullTime : typeLabels.partTime}
              </Badge>
            </Flex>
            <Text mt="4" color="gray.600" flex="1">{job.description}</Text>
            {/* A link to the form with the position filled in; the island does it without a page load. */}
            <Island of={applyLink} props={{ href: applyHref(path, job.id, applyAnchor) }}>
              <LinkButton href={applyHref(path, job.id, applyAnchor)} aria-label={`${applyLabel}: ${job.title}`} mt="6" alignSelf="flex-start">
                {applyLabel}
              </LinkButton>
            </Island>
          </Flex>
        ))}
      </SimpleGrid>
    </Section>
  );
}
