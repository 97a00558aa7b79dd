import { Box, Container, type ContainerProps } from "@chakra-ui/react";
import type { ReactNode } from "react";

/** The dark gradient band at the top of a page, under the fixed navigation bar. */
export function PageHeader({ children, maxW = "5xl", textAlign = "center" }: { children: ReactNode } & Pick<ContainerProps, "maxW" | "textAlign">) {
  return (
    <Box
      as="header"
      bgGradient="to-br"
      gradientFrom="brand.950"
      gradientVia="brand.800"
      gradientTo="brand.600"
      color="white"
      pt={{ base: "28", md: "36" }}
      pb={{ base: "16", md: "24" }}
    >
      <Container maxW={maxW} textAlign={textAlign}>
        {children}
      </Container>
    </Box>
  );
}
