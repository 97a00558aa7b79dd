import { Box, Container, Flex, Heading, Link as ChakraLink, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { useShellLang, useSiteConfig } from "../page/site-config.ts";
import { useFormTexts, useUiString } from "../page/ui-strings.ts";
import { forForm } from "../page/form-strings.ts";
import type { ShellData } from "./data.ts";
import { Island } from "../page/Island.tsx";
import { contentForm } from "../forms/ContentForm.island.ts";
import { Icon } from "../ui/Icon.tsx";
import { mailLink, telLink } from "../ui/links.ts";
import { SmartLink } from "../ui/SmartLink.tsx";

export function Footer({ services, newsletter, locale }: Pick<ShellData, "services" | "newsletter" | "locale">) {
  const site = useSiteConfig();
  const texts = useFormTexts();
  const ui = useUiString();
  const lang = useShellLang();
  const { footer, contact } = site;
  const year = new Date().getFullYear();
  const copyright = footer.copyright.replace("{year}", String(year)).replace("{name}", site.name);
  return (
    <Box as="footer" bg="gray.900" color="gray.300" pt="16" pb="8" data-testid="footer">
      <Container maxW="7xl">
        <SimpleGrid columns={{ base: 1, md: 2, lg: 4 }} gap="10">
          <Stack gap="4">
            <Text fontSize="xl" fontWeight="semibold" color="white">{site.name}</Text>
            <Text fontSize="sm" {...lang("description")}>{site.description}</Text>
            <Flex as="ul" listStyleType="none" gap="2" aria-label={ui("shell.socialMedia")}>
              {site.social.map((s) => (
                <li key={s.label}>
                  <ChakraLink href={s.href} target="_blank" rel="noopener noreferrer" aria-label={s.label} {...lang("social", site.social.indexOf(s), "label")} display="flex" w="10" h="10" rounded="full" bg="whiteAlpha.100" color="white" alignItems="center" justifyContent="center" _hover={{ bg: "brand.600" }}>
                    <Icon name={s.icon} boxSize="4" />
                  </ChakraLink>
                </li>
              ))}
            </Flex>
          </Stack>
          <FooterColumn title={footer.quickLinksTitle} {...lang("footer", "quickLinksTitle")}>
            {footer.quickLinks.map((l, i) => <FooterLink key={l.href} href={l.href} {...lang("footer", "quickLinks", i, "label")}>{l.label}</FooterLink>)}
          </FooterColumn>
          <FooterColumn title={footer.servicesTitle} {...lang("footer", "servicesTitle")}>
            {services.slice(0, footer.serviceCount).map((s) => (
              <FooterLink key={s.id} href={`/services/${s.id}`} lang={s.lang}>{s.title}</FooterLink>
            ))}
          </FooterColumn>
          <FooterColumn title={footer.contactTitle} {...lang("footer", "contactTitle")}>
            <Flex as="li" gap="2" align="start"><Icon name="mail" boxSize="4" mt="1" /><FooterLinkInline href={mailLink(contact.email)}>{contact.email}</FooterLinkInline></Flex>
            <Flex as="li" gap="2" align="start"><Icon name="phone" boxSize="4" mt="1" /><FooterLinkInline href={telLink(contact.phoneE164)}>{contact.phone}</FooterLinkInline></Flex>
            <Flex as="li" gap="2" align="start">
              <Icon name="map-pin" boxSize="4" mt="1" />
              <Text as="address" fontStyle="normal" fontSize="sm">
                {contact.address.street}, {contact.address.locality}, {contact.address.region} {contact.address.postalCode}
              </Text>
            </Flex>
            {site.hours.map((h, i) => (
              <Flex as="li" key={h.label} gap="2" align="start" fontSize="sm" {...lang("hours", i, "label")}><Icon name="clock" boxSize="4" mt="1" />{h.label}</Flex>
            ))}
          </FooterColumn>
        </SimpleGrid>
        {newsletter && footer.newsletter && (
          <Flex
            id="footer-newsletter"
            as="section"
            aria-labelledby="footer-newsletter-title"
            mt="12"
            p={{ base: "6", md: "8" }}
            rounded="2xl"
            bg="whiteAlpha.50"
            borderWidth="1px"
            borderColor="whiteAlpha.200"
            direction={{ base: "column", lg: "row" }}
            gap={{ base: "5", lg: "10" }}
            align={{ lg: "center" }}
          >
            <Box flex="1">
              <Heading as="h2" id="footer-newsletter-title" size="lg" color="white" {...lang("footer", "newsletter", "title")}>{footer.newsletter.title}</Heading>
              <Text mt="2" fontSize="sm" {...lang("footer", "newsletter", "text")}>{footer.newsletter.text}</Text>
            </Box>
            <Box flex="1">
              {/* Static HTML until the visitor reaches for it: then the form's island hydrates. */}
              <Island of={contentForm} props={{ form: newsletter, layout: "inline", inverted: true, ...(locale && { locale, texts: forForm(newsletter, texts) }) }} />
            </Box>
          </Flex>
        )}
        <Flex mt="12" pt="6" borderTopWidth="1px" borderColor="whiteAlpha.200" direction={{ base: "column", md: "row" }} justify="space-between" gap="4" fontSize="sm">
          <Text data-testid="copyright" {...lang("footer", "copyright")}>{copyright}</Text>
          <Flex as="ul" listStyleType="none" gap="6">
            {footer.legalLinks.map((l, i) => <li key={l.href} {...lang("footer", "legalLinks", i, "label")}><SmartLink href={l.href} color="gray.300">{l.label}</SmartLink></li>)}
          </Flex>
        </Flex>
      </Container>
    </Box>
  );
}

function FooterColumn({ title, children, lang }: { title: string; children: ReactNode; lang?: string }) {
  return (
    <Box>
      <Heading as="h2" lang={lang} size="sm" color="white" textTransform="uppercase" letterSpacing="wider" mb="4">{title}</Heading>
      <Stack as="ul" listStyleType="none" gap="2">{children}</Stack>
    </Box>
  );
}

function FooterLink({ href, children, lang }: { href: string; children: ReactNode; lang?: string }) {
  return (
    <li lang={lang}>
      <FooterLinkInline href={href}>{children}</FooterLinkInline>
    </li>
  );
}

function FooterLinkInline({ href, children }: { href: string; children: ReactNode }) {
  return <SmartLink href={href} color="gray.300" fontSize="sm" _hover={{ color: "white" }}>{children}</SmartLink>;
}
