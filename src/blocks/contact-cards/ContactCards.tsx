import { Flex, Heading, Link, SimpleGrid, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { useSiteConfig } from "../../page/site-config.ts";
import type { SiteConfig } from "../../../schemas/site.ts";
import type { IconName } from "../../../schemas/icons.ts";
import { hoursSummary } from "../../ui/hours.ts";
import { usePageLocale, useUiString } from "../../page/ui-strings.ts";
import { Icon } from "../../ui/Icon.tsx";
import { mailLink, telLink } from "../../ui/links.ts";
import { Section } from "../../ui/Section.tsx";
import type { BlockProps } from "../define.tsx";
import type definition from "./definition.ts";

type Kind = BlockProps<typeof definition>["cards"][number]["kind"];

const factsOf = ({ contact, hours }: SiteConfig, locale: string, closed: string): Record<Kind, { icon: IconName; value: ReactNode }> => ({
  email: { icon: "mail", value: <Link href={mailLink(contact.email)} color="brand.700" fontWeight="semibold">{contact.email}</Link> },
  phone: { icon: "phone", value: <Link href={telLink(contact.phoneE164)} color="brand.700" fontWeight="semibold">{contact.phone}</Link> },
  address: {
    icon: "map-pin",
    value: (
      <>
        {contact.address.street}
        <br />
        {contact.address.locality}, {contact.address.region} {contact.address.postalCode}
      </>
    ),
  },
  hours: { icon: "clock", value: hoursSummary(hours[0]!, locale, closed) },
});

export default function ContactCards({ heading, cards, tone }: BlockProps<typeof definition>) {
  const t = useUiString();
  const facts = factsOf(useSiteConfig(), usePageLocale(), t("hours.closed"));
  return (
    <Section tone={tone} heading={heading}>
      <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: Math.min(cards.length, 4) }} gap="6">
        {cards.map((c) => (
          <Flex as="li" key={c.kind} direction="column" align="center" textAlign="center" bg="white" color="gray.800" rounded="xl" borderWidth="1px" borderColor="gray.200" p="7" shadow="sm">
            <Flex w="14" h="14" rounded="full" bg="brand.50" color="brand.700" align="center" justify="center" mb="4">
              <Icon name={facts[c.kind].icon} boxSize="6" />
            </Flex>
            <Heading as="h3" size="md">{c.title}</Heading>
            <Text mt="2" color="gray.800">{facts[c.kind].value}</Text>
            {c.note && <Text mt="1" fontSize="sm" color="gray.600">{c.note}</Text>}
          </Flex>
        ))}
      </SimpleGrid>
    </Section>
  );
}
