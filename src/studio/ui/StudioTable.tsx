/**
 * A studio screen's table: scrolls sideways on a narrow screen, its columns named, and a last
 * column of row actions named for screen readers only (each row's buttons say what they act on).
 */
import { chakra, Table } from "@chakra-ui/react";
import type { ReactNode } from "react";

export function StudioTable({ columns, actions, testId, children }: { columns: string[]; actions: string; testId?: string; children: ReactNode }) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" data-testid={testId}>
        <Table.Header>
          <Table.Row>
            {columns.map((column) => (
              <Table.ColumnHeader key={column}>{column}</Table.ColumnHeader>
            ))}
            <Table.ColumnHeader><chakra.span srOnly>{actions}</chakra.span></Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>{children}</Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
