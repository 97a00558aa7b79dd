import { Badge, Button, Flex, Heading, SimpleGrid, Text } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router";
import { Icon } from "../../ui/Icon.tsx";
import { Section } from "../../ui/Section.tsx";
import type { BlockProps } from "../define.tsx";
import type definition from "./definition.ts";

export default function JobList({ id, heading, data, applyLabel, applyAnchor, tone }: BlockProps<typeof definition>) {
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
                <Icon name="clock" boxSize="3.5" /> {job.type}
              </Badge>
            </Flex>
            <Text mt="4" color="gray.600" flex="1">{job.description}</Text>
            <Button asChild mt="6" alignSelf="flex-start">
              <RouterLink
                to={{ search: `?position=${job.id}`, hash: `#${applyAnchor}` }}
                aria-label={`${applyLabel}: ${job.title}`}
              >
                {applyLabel}
              </RouterLink>
            </Button>
          </Flex>
        ))}
      </SimpleGrid>
    </Section>
  );
}
