/** Who may use a studio route: each role may do all that the roles before it may (schemas/studio.ts). */
import { type Role, roleSchema } from "../../schemas/studio.ts";

export type { Role };
export const ROLES = roleSchema.options;

/** What a studio route declares it needs: a role at least, or "anyone" (signing in, setting a password). */
export type Least = Role | "anyone";
export const isLeast = (value: unknown): value is Least => value === "anyone" || (ROLES as readonly unknown[]).includes(value);

/** Whether someone with `role` (none: not signed in) may use a route that needs `least`. */
export function mayUse(role: Role | undefined, least: Least): boolean {
  if (least === "anyone") return true;
  return role !== undefined && ROLES.indexOf(role) >= ROLES.indexOf(least);
}
