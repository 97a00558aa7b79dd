import { Flex } from "@chakra-ui/react";
import { ActionButton } from "../../ui/ActionButton.tsx";
import { Section } from "../../ui/Section.tsx";
import { PostGrid } from "../../blog/ui/PostCard.tsx";
import type { BlockProps } from "../define.tsx";
import type definition from "./definition.ts";

/** The newest posts (Home's Latest Insights). */
export default function BlogFeed({ heading, data, readMoreLabel, more, tone }: BlockProps<typeof definition>) {
  return (
    <Section tone={tone} heading={heading}>
      <PostGrid posts={data} readMoreLabel={readMoreLabel} headingLevel={heading ? "h3" : "h2"} />
      {more && (
        <Flex justify="center" mt="10">
          <ActionButton action={more} />
        </Flex>
      )}
    </Section>
  );
}
