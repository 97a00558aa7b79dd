/**
 * A studio screen's table: scrolls sideways on a narrow screen, its columns named, and a last
 * column of row actions (if any) named for screen readers only (each row's buttons say what they act on).
 */
import { chakra, Table } from "@chakra-ui/react";
import type { ReactNode } from "react";

/** `label`: what the table lists, the name of its scrolling box (a keyboard stop, so it can be scrolled without a mouse). */
export function StudioTable({ label, columns, actions, testId, children }: { label: string; columns: string[]; actions?: string; testId?: string; children: ReactNode }) {
  return (
    // Positioned, so the actions column's screen-reader-only name (absolutely placed) scrolls
    // with the table instead of widening the page on a phone.
    <Table.ScrollArea borderWidth="1px" rounded="md" position="relative" tabIndex={0} role="group" aria-label={label}>
      {/* The site's theme carries no table recipe (src/styles/theme.ts): the cells' room is set here. */}
      <Table.Root size="sm" data-testid={testId} css={{ "& th, & td": { paddingInline: "0.75rem", paddingBlock: "0.375rem", textAlign: "start" } }}>
        <Table.Header>
          <Table.Row>
            {columns.map((column) => (
              <Table.ColumnHeader key={column}>{column}</Table.ColumnHeader>
            ))}
            {actions !== undefined && <Table.ColumnHeader><chakra.span srOnly>{actions}</chakra.span></Table.ColumnHeader>}
          </Table.Row>
        </Table.Header>
        <Table.Body>{children}</Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
