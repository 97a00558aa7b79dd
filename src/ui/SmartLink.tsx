import { Link as ChakraLink, type LinkProps } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router";

/** Site paths navigate in the app; other URLs are plain links (https ones open in a new tab). */
export function isSitePath(href: string) {
  return href.startsWith("/") && !href.startsWith("//");
}

export function SmartLink({ href, children, ...props }: { href: string } & Omit<LinkProps, "href">) {
  if (isSitePath(href)) {
    return (
      <ChakraLink asChild {...props}>
        <RouterLink to={href}>{children}</RouterLink>
      </ChakraLink>
    );
  }
  const external = href.startsWith("https://");
  return (
    <ChakraLink href={href} {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})} {...props}>
      {children}
    </ChakraLink>
  );
}
