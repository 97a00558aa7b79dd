/**
 * The outline of a page's blocks (or a collection's items): one item each, named by its
 * summary, with its error count. Select, reorder by drag (mouse, touch, or the keyboard on
 * the handle: Space, arrows, Space) or with Move up / Move down, duplicate and remove; on a
 * page, copy a block to the clipboard and paste blocks from it (Paste, or Ctrl+V in the outline),
 * and save a block as a reusable section.
 */
import { closestCenter, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, useSensor, useSensors } from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { Badge, Button, chakra, Flex, IconButton, Text } from "@chakra-ui/react";
import { memo } from "react";
import { texts } from "../texts.ts";

const t = texts.editor;

export interface OutlineEntry {
  key: string;
  summary: string;
  errors: number;
}

export interface OutlineProps {
  entries: OutlineEntry[];
  selected: string;
  onSelect: (key: string) => void;
  onMove: (from: number, to: number) => void;
  onDuplicate: (index: number) => void;
  onRemove: (index: number) => void;
  /** Pages only: a block to the clipboard, and blocks from it (the button, or the text of a paste event in the outline). */
  onCopy?: (index: number) => void;
  onPaste?: (text?: string) => void;
  /** Pages only: a block made a reusable section, placed here by reference. */
  onSaveAsSection?: (index: number) => void;
  /** An item above the entries (the page's settings). */
  settings?: { key: string; label: string; errors: number };
  /** Adds an entry; none for a document without a list (the site settings). */
  addLabel?: string;
  onAdd?: () => void;
}

export function Outline({ entries, selected, onSelect, onMove, onDuplicate, onRemove, onCopy, onPaste, onSaveAsSection, settings, addLabel, onAdd }: OutlineProps) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const keys = entries.map((e) => e.key);
  const summaryOf = (id: string | number) => entries.find((e) => e.key === id)?.summary ?? "";
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(keys.indexOf(String(active.id)), keys.indexOf(String(over.id)));
  };
  return (
    <chakra.nav
      aria-label={t.outline}
      data-testid="outline"
      onPaste={
        onPaste &&
        ((e) => {
          // Not while typing in a field of the outline (there is none today; a search box may come).
          if ((e.target as HTMLElement).closest("input, textarea")) return;
          e.preventDefault();
          onPaste(e.clipboardData.getData("text/plain"));
        })
      }
    >
      {settings && (
        <Button
          w="full"
          justifyContent="space-between"
          variant={selected === settings.key ? "solid" : "outline"}
          aria-current={selected === settings.key ? "true" : undefined}
          onClick={() => onSelect(settings.key)}
          mb="3"
          data-testid="outline-settings"
        >
          {settings.label}
          {settings.errors > 0 && <ErrorBadge count={settings.errors} />}
        </Button>
      )}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements: {
            onDragStart: ({ active }) => `Picked up ${summaryOf(active.id)}.`,
            onDragOver: ({ active, over }) => (over ? `${summaryOf(active.id)} is now at position ${keys.indexOf(String(over.id)) + 1} of ${keys.length}.` : `${summaryOf(active.id)} is outside the list.`),
            onDragEnd: ({ active, over }) => (over ? `Dropped ${summaryOf(active.id)} at position ${keys.indexOf(String(over.id)) + 1}.` : `Dropped ${summaryOf(active.id)}.`),
            onDragCancel: ({ active }) => `Moving ${summaryOf(active.id)} was cancelled.`,
          },
          screenReaderInstructions: { draggable: "To move an item, press Space, then the arrow keys, then Space again to drop it, or Escape to cancel." },
        }}
      >
        <SortableContext items={keys} strategy={verticalListSortingStrategy}>
          <chakra.ol listStyleType="none" display="flex" flexDirection="column" gap="2">
            {entries.map((entry, i) => (
              <OutlineItem
                key={entry.key}
                entry={entry}
                index={i}
                last={i === entries.length - 1}
                selected={selected === entry.key}
                onSelect={onSelect}
                onMove={onMove}
                onDuplicate={onDuplicate}
                onRemove={onRemove}
                onCopy={onCopy}
                onSaveAsSection={onSaveAsSection}
              />
            ))}
          </chakra.ol>
        </SortableContext>
      </DndContext>
      <Flex mt="3" gap="2">
        {onAdd && (
          <Button flex="1" variant="outline" onClick={onAdd} data-testid="outline-add">
            {addLabel}
          </Button>
        )}
        {onPaste && (
          <Button variant="outline" onClick={() => onPaste()} data-testid="outline-paste">
            {t.paste}
          </Button>
        )}
      </Flex>
    </chakra.nav>
  );
}

function ErrorBadge({ count }: { count: number }) {
  return (
    <Badge colorPalette="red" variant="solid" bg="red.700" data-testid="error-count">
      {t.status.errors(count)}
    </Badge>
  );
}

/** A small icon button; its name (aria-label, also shown as a tooltip) says what and on which item. */
function ToolButton({ label, path, onClick, disabled, danger }: { label: string; path: string; onClick: () => void; disabled?: boolean; danger?: boolean }) {
  return (
    <IconButton size="xs" variant="ghost" aria-label={label} title={label} disabled={disabled} onClick={onClick} color={danger ? "red.700" : "gray.800"}>
      <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d={path} />
      </svg>
    </IconButton>
  );
}

const OutlineItem = memo(function OutlineItem({
  entry,
  index,
  last,
  selected,
  onSelect,
  onMove,
  onDuplicate,
  onRemove,
  onCopy,
  onSaveAsSection,
}: { entry: OutlineEntry; index: number; last: boolean; selected: boolean } & Pick<OutlineProps, "onSelect" | "onMove" | "onDuplicate" | "onRemove" | "onCopy" | "onSaveAsSection">) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: entry.key });
  const name = entry.summary || `${index + 1}`;
  return (
    <chakra.li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      data-key={entry.key}
      data-testid="outline-item"
      bg={selected ? "brand.50" : "white"}
      borderWidth="1px"
      borderColor={selected ? "brand.600" : entry.errors > 0 ? "red.300" : "gray.300"}
      rounded="md"
      p="1.5"
      zIndex={isDragging ? 1 : undefined}
      boxShadow={isDragging ? "lg" : undefined}
    >
      <Flex align="center" gap="1">
        <chakra.button
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={`${t.drag}: ${name}`}
          cursor="grab"
          px="1.5"
          py="1"
          rounded="sm"
          color="gray.700"
          touchAction="none"
          _focusVisible={{ outline: "2px solid", outlineColor: "brand.600" }}
        >
          <svg width="12" height="18" viewBox="0 0 12 18" aria-hidden="true" fill="currentColor">
            {[3, 9, 15].flatMap((y) => [<circle key={`a${y}`} cx="3" cy={y} r="1.6" />, <circle key={`b${y}`} cx="9" cy={y} r="1.6" />])}
          </svg>
        </chakra.button>
        <chakra.button
          flex="1"
          minW="0"
          textAlign="start"
          px="1.5"
          py="1"
          rounded="sm"
          aria-current={selected ? "true" : undefined}
          onClick={() => onSelect(entry.key)}
          _focusVisible={{ outline: "2px solid", outlineColor: "brand.600" }}
          data-testid="outline-select"
        >
          <Text fontSize="sm" color="gray.900" truncate>
            {name}
          </Text>
        </chakra.button>
        {entry.errors > 0 && <ErrorBadge count={entry.errors} />}
      </Flex>
      <Flex gap="0.5" justify="flex-end" mt="0.5">
        <ToolButton label={`${t.moveUp}: ${name}`} disabled={index === 0} onClick={() => onMove(index, index - 1)} path="M12 19V5M5 12l7-7 7 7" />
        <ToolButton label={`${t.moveDown}: ${name}`} disabled={last} onClick={() => onMove(index, index + 1)} path="M12 5v14M19 12l-7 7-7-7" />
        <ToolButton label={`${t.duplicate}: ${name}`} onClick={() => onDuplicate(index)} path="M8 8h12v12H8zM4 16V4h12" />
        {onCopy && <ToolButton label={`${t.copy}: ${name}`} onClick={() => onCopy(index)} path="M9 4h6v3H9zM7 5H5v16h14V5h-2" />}
        {onSaveAsSection && <ToolButton label={`${t.saveAsSection}: ${name}`} onClick={() => onSaveAsSection(index)} path="M4 4h16v6H4zM4 14h16v6H4zM12 10v4" />}
        <ToolButton label={`${t.remove}: ${name}`} onClick={() => onRemove(index)} path="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13" danger />
      </Flex>
    </chakra.li>
  );
});
