import { Button, type ButtonProps } from "@chakra-ui/react";
import { Link as RouterLink } from "react-router";
import type { Action } from "../../schemas/fields.ts";
import site from "../../site.config.ts";
import { isSitePath } from "./SmartLink.tsx";
import { notify } from "./toaster.ts";

/** On dark sections, solid buttons are white and outline ones light. */
const onDark: Record<Action["variant"], ButtonProps> = {
  solid: { bg: "white", color: "brand.800", _hover: { bg: "brand.50" } },
  outline: { variant: "outline", color: "white", borderColor: "whiteAlpha.700", _hover: { bg: "whiteAlpha.200" } },
};

/** Renders a content action: a link, a button that shows a site notice, or a link that does both. */
export function ActionButton({ action, onDarkBackground, ...props }: { action: Action; onDarkBackground?: boolean } & ButtonProps) {
  const style: ButtonProps = {
    size: "lg",
    variant: action.variant === "outline" ? "outline" : "solid",
    ...(onDarkBackground ? onDark[action.variant] : {}),
    ...props,
  };
  const showNotice = action.notice
    ? () => notify("info", site.notices.notImplemented.title, site.notices.notImplemented.description)
    : undefined;
  const { href } = action;
  if (href === undefined) {
    return (
      <Button type="button" {...style} onClick={showNotice}>
        {action.label}
      </Button>
    );
  }
  return (
    <Button asChild {...style}>
      {isSitePath(href) ? (
        <RouterLink to={href} onClick={showNotice}>{action.label}</RouterLink>
      ) : (
        <a href={href} onClick={showNotice}>{action.label}</a>
      )}
    </Button>
  );
}

export function ActionRow({ actions, ...props }: { actions: Action[]; onDarkBackground?: boolean } & ButtonProps) {
  return (
    <>
      {actions.map((a) => (
        <ActionButton key={a.label} action={a} {...props} />
      ))}
    </>
  );
}
