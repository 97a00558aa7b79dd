import { Button, type ButtonProps } from "@chakra-ui/react";
import type { Action } from "../../schemas/fields.ts";
import { Island } from "../page/Island.tsx";
import { useSiteConfig } from "../page/site-config.ts";
import { LinkButton } from "./LinkButton.tsx";
import { noticeAction } from "./NoticeAction.island.ts";

/** How an action looks: what a button and a link styled as one both take. */
type Look = Pick<ButtonProps, "size" | "variant" | "w" | "bg" | "color" | "borderColor" | "_hover" | "aria-label">;

/** On dark sections, solid buttons are white and outline ones light. */
const onDark: Record<Action["variant"], Look> = {
  solid: { bg: "white", color: "brand.800", _hover: { bg: "brand.50" } },
  outline: { variant: "outline", color: "white", borderColor: "whiteAlpha.700", _hover: { bg: "whiteAlpha.200" } },
};

/**
 * Renders a content action: a link, a button that shows a site notice, or a link that does
 * both. A notice needs JavaScript: the button (or link) is the static content of a
 * notice-action island, which hydrates when the visitor reaches for it and keeps a click
 * made before (early-events.ts). The notice's text is the page's locale's, given to the island
 * in its props: in the browser there is no site config but the default's.
 */
export function ActionButton({ action, onDarkBackground, ...props }: { action: Action; onDarkBackground?: boolean } & Look) {
  const style: Look = {
    size: "lg",
    variant: action.variant === "outline" ? "outline" : "solid",
    ...(onDarkBackground ? onDark[action.variant] : {}),
    ...props,
  };
  const button =
    action.href === undefined ? (
      <Button type="button" {...style}>
        {action.label}
      </Button>
    ) : (
      <LinkButton href={action.href} {...style}>
        {action.label}
      </LinkButton>
    );
  const site = useSiteConfig();
  if (!action.notice) return button;
  return (
    <Island of={noticeAction} props={{ notice: { type: "info", ...site.notices.notImplemented } }}>
      {button}
    </Island>
  );
}

export function ActionRow({ actions, ...props }: { actions: Action[]; onDarkBackground?: boolean } & Look) {
  return (
    <>
      {actions.map((a) => (
        <ActionButton key={a.label} action={a} {...props} />
      ))}
    </>
  );
}
