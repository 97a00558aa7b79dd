/**
 * A link that looks like a button: an <a> styled by the button recipe. Chakra's <Button asChild>
 * around an <a> would give the link `type="button"`, which HTML does not allow on a link.
 * (Chakra's own link-button recipe, from its snippets.)
 */
import { createRecipeContext, type HTMLChakraProps, type RecipeProps } from "@chakra-ui/react";

export interface LinkButtonProps extends HTMLChakraProps<"a", RecipeProps<"button">> {}

const { withContext } = createRecipeContext({ key: "button" });

export const LinkButton = withContext<HTMLAnchorElement, LinkButtonProps>("a");
