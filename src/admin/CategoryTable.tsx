/**
 * The categories tab (spec §2): name and post count, with edit and delete buttons that do
 * nothing yet. They stay focusable and say why (aria-disabled plus a visible note), rather
 * than silently ignoring a click.
 */
import { Box, Button, chakra, Flex, Heading, Text } from "@chakra-ui/react";
import type { AdminCategory } from "./model.ts";
import { texts } from "./texts.ts";

const t = texts.categories;
const cell = { px: "4", py: "3", borderBottomWidth: "1px", borderColor: "gray.200", textAlign: "start" } as const;

export function CategoryTable({ categories }: { categories: AdminCategory[] }) {
  return (
    <Box as="section" aria-labelledby="category-heading">
      <Heading as="h2" id="category-heading" size="lg">
        {t.heading}
      </Heading>
      <Text id="category-inert-note" mt="2" mb="6" color="gray.600">
        {t.inert}
      </Text>
      <Box overflowX="auto" bg="white" borderWidth="1px" borderColor="gray.200" rounded="lg">
        <chakra.table w="full" borderCollapse="collapse" data-testid="admin-category-table">
          <thead>
            <tr>
              <chakra.th scope="col" {...cell} bg="gray.50">{t.name}</chakra.th>
              <chakra.th scope="col" {...cell} bg="gray.50">{t.count}</chakra.th>
              <chakra.th scope="col" {...cell} bg="gray.50"><Text srOnly>{t.actions}</Text></chakra.th>
            </tr>
          </thead>
          <tbody>
            {categories.map((c) => (
              <tr key={c.slug} data-slug={c.slug}>
                <chakra.th scope="row" {...cell} fontWeight="medium">{c.name}</chakra.th>
                <chakra.td {...cell}>{c.count}</chakra.td>
                <chakra.td {...cell}>
                  <Flex gap="2" justify="flex-end">
                    <Button size="xs" variant="outline" aria-disabled="true" aria-label={t.edit(c.name)} aria-describedby="category-inert-note" color="gray.600" cursor="not-allowed">
                      {t.editLabel}
                    </Button>
                    <Button size="xs" variant="outline" aria-disabled="true" aria-label={t.delete(c.name)} aria-describedby="category-inert-note" color="gray.600" cursor="not-allowed">
                      {t.deleteLabel}
                    </Button>
                  </Flex>
                </chakra.td>
              </tr>
            ))}
          </tbody>
        </chakra.table>
      </Box>
    </Box>
  );
}
