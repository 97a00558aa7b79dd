
import { Box, Flex, Heading, Link, SimpleGrid, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import sourceSite from "../../page/site-settings.ts";
import { useSiteConfig } from "../../page/site-config.ts";
import type { IconName } from "../../../schemas/icons.ts";
import { Icon } from "../../ui/Icon.tsx";
import { LinkButton } from "../../ui/LinkButton.tsx";
import { mailLink, telLink, whatsAppLink } from "../../ui/links.ts";
import { Section } from "../../ui/Section.tsx";
import type { BlockProps } from "../define.tsx";
import type definition from "./definition.ts";

/** The map search for the address as written in the default locale, which maps know it by. */
const mapsLink = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(
  [sourceSite.contact.address.street, sourceSite.contact.address.locality, sourceSite.contact.address.region, sourceSite.contact.address.postalCode].join(", "),
)}`;

/** A titled part of the column; a named region, so it can be found by its title. */
function Panel({ id, icon, title, children }: { id: string; icon: IconName; title: string; children: ReactNode }) {
  return (
    <Flex as="section" aria-labelledby={id} direction="column" bg="white" color="gray.800" rounded="xl" borderWidth="1px" borderColor="gray.200" p="7" shadow="sm">
      <Flex align="center" gap="3" mb="4">
        <Flex w="10" h="10" rounded="lg" bg="brand.50" color="brand.700" align="center" justify="center">
          <Icon name={icon} boxSize="5" />
        </Flex>
        <Heading as="h3" id={id} size="md">{title}</Heading>
      </Flex>
      {children}
    </Flex>
  );
}

export default function ContactAside({ location, quickContact, hours, tone }: BlockProps<typeof definition>) {
  const site = useSiteConfig();
  const { contact } = site;
  const { address } = contact;
  return (
    <Section tone={tone}>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
        <Panel id="contact-location" icon="map-pin" title={location.title}>
          <Text as="address" fontStyle="normal" fontWeight="semibold">
            {address.street}
            <br />
            {address.locality}, {address.region} {address.postalCode}
          </Text>
          {location.text && <Text mt="2" color="gray.600">{location.text}</Text>}
          {location.directionsLabel && (
            <Link href={mapsLink} target="_blank" rel="noopener noreferrer" mt="4" color="brand.700" fontWeight="semibold">
              {location.directionsLabel} →
            </Link>
          )}
        </Panel>

        <Panel id="contact-quick" icon="phone" title={quickContact.title}>
          <Flex direction="column" gap="3">
            <LinkButton href={mailLink(contact.email)} size="md" w="full">
              {quickContact.email}
            </LinkButton>
            <LinkButton href={whatsAppLink(contact.phoneE164, site.chat.greeting)} target="_blank" rel="noopener noreferrer" size="md" w="full" bg="#0f7a3d" color="white" _hover={{ bg: "#0b6231" }}>
              {quickContact.whatsApp}
            </LinkButton>
            <LinkButton href={telLink(contact.phoneE164)} size="md" w="full" variant="outline">
              {quickContact.call}
            </LinkButton>
          </Flex>
        </Panel>

        <Panel id="contact-hours" icon="clock" title={hours.title}>
          <Box as="ul" listStyleType="none" display="grid" gap="2">
            {site.hours.map((h) => (
              <Text as="li" key={h.label} color="gray.700">{h.label}</Text>
            ))}
          </Box>
          {hours.note && (
            <Text mt="4" fontSize="sm" color="brand.800" bg="brand.50" rounded="md" px="3" py="2">
              {hours.note}
            </Text>
          )}
        </Panel>
      </SimpleGrid>
    </Section>
  );
}
