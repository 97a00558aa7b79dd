import { Link as ChakraLink, type LinkProps } from "@chakra-ui/react";

/** Site paths are plain links (every page is a page load); https ones open in a new tab. */
export function SmartLink({ href, children, ...props }: { href: string } & Omit<LinkProps, "href">) {
  const external = href.startsWith("https://");
  return (
    <ChakraLink href={href} {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})} {...props}>
      {children}
    </ChakraLink>
  );
}
