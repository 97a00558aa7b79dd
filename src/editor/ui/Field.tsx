/**
 * One generated field: the control for a value, chosen by its schema (../schema/describe.ts).
 * Objects become labelled groups, lists get add / remove / move controls, unions a choice of
 * kind first. Each field carries the JSON pointer of its value (`data-pointer`), shows the
 * checker's errors at that pointer (title, message and hint, as the command line prints
 * them) and can be focused by pointer (click-to-edit, "go to the first error").
 */
import { Box, Button, chakra, Flex, Input, NativeSelect, Stack, Text, Textarea } from "@chakra-ui/react";
import { type ComponentType, createContext, memo, type ReactNode, useContext, useEffect, useState } from "react";
import type { IconName } from "../../../schemas/icons.ts";
import type { ContentError } from "../../content-files/errors.ts";
import { Icon } from "../../ui/Icon.tsx";
import type { FieldSpec } from "../schema/describe.ts";
import { initialValue, newListItem } from "../schema/initial.ts";
import { type Path, pointerOf } from "../document/paths.ts";
import { texts } from "../texts.ts";
import { blockIdentity } from "../../../schemas/block-key.ts";

const t = texts.fields;

export interface FieldEnvironment {
  errorsAt: (pointer: string) => readonly ContentError[];
  onChange: (path: Path, value: unknown, group?: string) => void;
  /** Site paths and redirect sources, for link fields. */
  routes: readonly string[];
  /** Collection items by collection, for reference fields. */
  items: Readonly<Record<string, readonly { id: string; label: string }[]>>;
  /** The media library's images, for image fields; `unpublished`: uploaded from the picker, waiting for an editor. */
  media: readonly { id: string; alt?: string; unpublished?: boolean }[];
  /** Uploads an image from an image field's picker and gives it to pick (the studio's; none where nothing may upload). */
  ImageUpload?: ComponentType<{ onPicked: (id: string) => void }>;
  /** Where a small copy of a library image is shown from (the studio's; none in local mode). */
  mediaPreview?: (id: string) => string;
}

export const FieldEnv = createContext<FieldEnvironment>({ errorsAt: () => [], onChange: () => {}, routes: [], items: {}, media: [] });

/** The element id of the field for a pointer, so it can be focused by pointer. */
export const fieldId = (pointer: string) => `field${pointer.replace(/[^a-zA-Z0-9_-]/g, (c) => (c === "/" ? "-" : `_${c.charCodeAt(0).toString(16)}`))}`;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

export interface FieldProps {
  spec: FieldSpec;
  label: string;
  path: Path;
  value: unknown;
  /** Leave out the group's legend (a block's own fields: the panel names the block). */
  bare?: boolean;
}

/**
 * A field is drawn again only when its value (the draft keeps unchanged parts' objects), its
 * spec, its label or its path changed: a keystroke redraws the fields along its path, not the
 * block's other fields. Errors and handlers come from FieldEnv, whose change redraws all.
 */
export const Field = memo(
  function Field(props: FieldProps) {
    switch (props.spec.kind) {
      case "object":
        return <ObjectField {...props} />;
      case "array":
        return <ArrayField {...props} />;
      case "union":
        return <UnionField {...props} />;
      // Made with its item, never typed: nothing to show.
      case "item-key":
        return null;
      default:
        return <ValueField {...props} />;
    }
  },
  (a, b) =>
    a.spec === b.spec && a.label === b.label && a.value === b.value && a.bare === b.bare && a.path.length === b.path.length && a.path.every((p, i) => p === b.path[i]),
);

/** The errors at a pointer, worded as the command line words them. */
export function FieldErrors({ errors, id }: { errors: readonly ContentError[]; id?: string }) {
  if (errors.length === 0) return null;
  return (
    <Stack id={id} gap="2" mt="2">
      {errors.map((e, i) => (
        <Box key={`${e.code}-${i}`} data-error-code={e.code} borderLeftWidth="3px" borderColor="red.600" bg="red.50" px="3" py="2" rounded="sm" fontSize="sm">
          <Text fontWeight="semibold" color="red.800">{e.title}</Text>
          <Text color="gray.900">{e.message}</Text>
          <Text color="gray.800">
            {t.hint} {e.hint}
          </Text>
        </Box>
      ))}
    </Stack>
  );
}

const Label = chakra("label", { base: { display: "block", fontWeight: "medium", fontSize: "sm", color: "gray.900" } });
const Help = chakra("p", { base: { fontSize: "sm", color: "gray.700", mt: "0.5" } });

/** A single value: text, link, number, yes/no, a choice, an icon, a reference, or JSON. */
function ValueField({ spec, label, path, value }: FieldProps) {
  const env = useContext(FieldEnv);
  const pointer = pointerOf(path);
  const id = fieldId(pointer);
  const errors = env.errorsAt(pointer);
  const invalid = errors.length > 0;
  const described = [spec.help && `${id}-help`, invalid && `${id}-errors`].filter(Boolean).join(" ") || undefined;
  const set = (next: unknown) => env.onChange(path, next, pointer);
  const common = { id, "aria-invalid": invalid || undefined, "aria-describedby": described };

  let control: ReactNode;
  let count: ReactNode = null;
  switch (spec.kind) {
    case "text":
    case "href": {
      const text = typeof value === "string" ? value : value === undefined ? "" : JSON.stringify(value);
      const onText = (next: string) => set(next === "" && spec.optional ? undefined : next);
      const max = spec.kind === "text" ? spec.maxLength : undefined;
      if (max !== undefined) count = <Text fontSize="xs" color={text.length > max ? "red.700" : "gray.700"}>{t.characters(text.length, max)}</Text>;
      control =
        spec.kind === "text" && spec.multiline ? (
          <Textarea {...common} value={text} rows={Math.min(8, Math.max(3, Math.ceil(text.length / 60)))} onChange={(e) => onText(e.target.value)} bg="white" />
        ) : (
          <Input
            {...common}
            value={text}
            onChange={(e) => onText(e.target.value)}
            bg="white"
            placeholder={spec.defaultValue !== undefined ? String(spec.defaultValue) : undefined}
            {...(spec.kind === "href" && { list: "editor-routes", inputMode: "url" as const, autoComplete: "off" })}
          />
        );
      break;
    }
    case "number":
      control = <NumberInput common={common} spec={spec} value={value} onValue={set} />;
      break;
    case "boolean": {
      const checked = value === undefined ? spec.defaultValue === true : value === true;
      return (
        <Box data-pointer={pointer} py="1">
          <chakra.label display="flex" alignItems="center" gap="2" fontWeight="medium" fontSize="sm" color="gray.900" cursor="pointer" htmlFor={id}>
            <chakra.input
              type="checkbox"
              {...common}
              checked={checked}
              onChange={(e) => set(e.target.checked === (spec.defaultValue ?? false) && spec.optional ? undefined : e.target.checked)}
              w="4"
              h="4"
              accentColor="brand.600"
            />
            {label}
          </chakra.label>
          {spec.help && <Help id={`${id}-help`}>{spec.help}</Help>}
          <FieldErrors errors={errors} id={`${id}-errors`} />
        </Box>
      );
    }
    case "choice":
    case "icon":
    case "reference":
    case "asset": {
      const options: { value: string; label: string }[] =
        spec.kind === "reference"
          ? (env.items[spec.collection] ?? []).map((item) => ({ value: item.id, label: item.label === item.id ? item.id : `${item.label} (${item.id})` }))
          : spec.kind === "asset"
            ? env.media.map((image) => {
                const named = image.alt ? `${image.id}: ${image.alt}` : image.id;
                return { value: image.id, label: image.unpublished ? t.unpublishedImage(named) : named };
              })
            : spec.options.map((o) => ({ value: String(o), label: String(o) }));
      const current = value === undefined ? "" : String(value);
      if (current !== "" && !options.some((o) => o.value === current)) options.unshift({ value: current, label: t.missingReference(current) });
      const typed = (raw: string) => (spec.kind === "choice" && typeof spec.options[0] === "number" ? Number(raw) : raw);
      const picked = spec.kind === "asset" && options.some((o) => o.value === current) ? env.mediaPreview?.(current) : undefined;
      control = (
        <Flex gap="2" align="center">
          {picked && <chakra.img src={picked} alt="" w="12" h="12" objectFit="cover" rounded="sm" bg="gray.100" flexShrink="0" />}
          {spec.kind === "icon" && typeof value === "string" && (spec.options as readonly string[]).includes(value) && <Icon name={value as IconName} boxSize="6" color="brand.700" />}
          <NativeSelect.Root>
            <NativeSelect.Field {...common} value={current} onChange={(e) => set(e.target.value === "" ? undefined : typed(e.target.value))} bg="white">
              {(spec.optional || current === "") && <option value="">{spec.defaultValue !== undefined ? t.byDefault(spec.defaultValue) : t.none}</option>}
              {options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Flex>
      );
      if (spec.kind === "asset" && env.ImageUpload) {
        const { ImageUpload } = env;
        const waiting = env.media.some((image) => image.id === current && image.unpublished);
        control = (
          <>
            {control}
            {waiting && <Text mt="1" fontSize="sm" color="gray.800">{t.unpublishedHint}</Text>}
            <ImageUpload onPicked={(id) => set(id)} />
          </>
        );
      }
      break;
    }
    case "json":
      control = <JsonText common={common} value={value} onValue={set} />;
      break;
    default:
      control = null;
  }

  return (
    <Box data-pointer={pointer}>
      <Flex justify="space-between" align="baseline" gap="2">
        <Label htmlFor={id}>{label}</Label>
        {count}
      </Flex>
      {spec.help && <Help id={`${id}-help`}>{spec.help}</Help>}
      <Box mt="1.5">{control}</Box>
      <FieldErrors errors={errors} id={`${id}-errors`} />
    </Box>
  );
}

/** A number input keeps what is typed ("1." or "-") while the value it stands for is set. */
function NumberInput({ common, spec, value, onValue }: { common: Record<string, unknown>; spec: FieldSpec & { kind: "number" }; value: unknown; onValue: (v: unknown) => void }) {
  const [text, setText] = useState(value === undefined ? "" : String(value));
  useEffect(() => {
    if (value === undefined ? text !== "" : Number(text) !== value) setText(value === undefined ? "" : String(value));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  return (
    <Input
      {...common}
      type="number"
      inputMode="numeric"
      value={text}
      min={spec.min}
      max={spec.max}
      step={spec.integer ? 1 : "any"}
      placeholder={spec.defaultValue !== undefined ? String(spec.defaultValue) : undefined}
      bg="white"
      onChange={(e) => {
        setText(e.target.value);
        const n = e.target.value === "" ? undefined : Number(e.target.value);
        onValue(n === undefined || Number.isNaN(n) ? (spec.optional ? undefined : e.target.value) : n);
      }}
    />
  );
}

function JsonText({ common, value, onValue }: { common: Record<string, unknown>; value: unknown; onValue: (v: unknown) => void }) {
  const shown = value === undefined ? "" : JSON.stringify(value, null, 2);
  const [text, setText] = useState(shown);
  const [bad, setBad] = useState(false);
  useEffect(() => {
    try {
      if (JSON.stringify(JSON.parse(text)) === JSON.stringify(value)) return;
    } catch {
      // keep what is being typed
      if (bad) return;
    }
    setText(shown);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown]);
  return (
    <>
      <Textarea
        {...common}
        fontFamily="mono"
        fontSize="sm"
        rows={6}
        value={text}
        bg="white"
        onChange={(e) => {
          setText(e.target.value);
          try {
            onValue(JSON.parse(e.target.value));
            setBad(false);
          } catch {
            setBad(true);
          }
        }}
      />
      {bad && (
        <Text mt="1" fontSize="sm" color="red.700">
          {t.invalidJson}
        </Text>
      )}
    </>
  );
}

/** A labelled group: the legend, help, errors of the group itself, and its content. */
function Group({ pointer, label, help, errors, actions, children, bare }: { pointer: string; label: string; help?: string; errors: readonly ContentError[]; actions?: ReactNode; children: ReactNode; bare?: boolean }) {
  const id = fieldId(pointer);
  if (bare) {
    return (
      <Stack gap="4" data-pointer={pointer}>
        <FieldErrors errors={errors} id={`${id}-errors`} />
        {children}
      </Stack>
    );
  }
  return (
    <chakra.fieldset data-pointer={pointer} borderWidth="1px" borderColor="gray.300" rounded="md" px="3" pb="3" pt="1" minW="0" aria-describedby={errors.length > 0 ? `${id}-errors` : undefined}>
      <chakra.legend px="1" fontWeight="semibold" fontSize="sm" color="gray.900">
        {label}
      </chakra.legend>
      {actions && (
        <Flex gap="2" wrap="wrap" mb="2">
          {actions}
        </Flex>
      )}
      {help && <Help mb="2">{help}</Help>}
      <FieldErrors errors={errors} id={`${id}-errors`} />
      <Stack gap="4" mt={errors.length > 0 ? "3" : "1"}>
        {children}
      </Stack>
    </chakra.fieldset>
  );
}

/** An optional part that is left out: a button adds it with what its schema requires. */
function AddOptional({ spec, label, path }: { spec: FieldSpec; label: string; path: Path }) {
  const env = useContext(FieldEnv);
  const pointer = pointerOf(path);
  return (
    <Box data-pointer={pointer}>
      <Button size="sm" variant="outline" onClick={() => env.onChange(path, initialValue(spec))}>
        {t.add(label)}
      </Button>
      {spec.help && <Help>{spec.help}</Help>}
      <FieldErrors errors={env.errorsAt(pointer)} id={`${fieldId(pointer)}-errors`} />
    </Box>
  );
}

function ObjectField({ spec, label, path, value, bare }: FieldProps) {
  const env = useContext(FieldEnv);
  if (spec.kind !== "object") return null;
  if (value === undefined && spec.optional && !bare) return <AddOptional spec={spec} label={label} path={path} />;
  const pointer = pointerOf(path);
  const object = isRecord(value) ? value : {};
  const known = new Set(spec.fields.map((f) => f.name));
  const unknown = Object.keys(object).filter((k) => !known.has(k) && k !== "$schema" && !(bare && blockIdentity.has(k)));
  const remove = spec.optional && !bare ? (
    <Button size="xs" variant="outline" onClick={() => env.onChange(path, undefined)}>
      {t.remove(label)}
    </Button>
  ) : undefined;
  return (
    <Group pointer={pointer} label={label} help={bare ? undefined : spec.help} errors={env.errorsAt(pointer)} actions={remove} bare={bare}>
      {spec.fields
        .filter((f) => f.name !== "$schema")
        .map((f) => (
          <Field key={f.name} spec={f.spec} label={f.label} path={[...path, f.name]} value={object[f.name]} />
        ))}
      {unknown.map((name) => {
        const at = pointerOf([...path, name]);
        return (
          <Box key={name} data-pointer={at}>
            <Flex align="center" gap="2" wrap="wrap">
              <Text fontSize="sm" fontWeight="medium" color="gray.900">
                {t.unknownProperty(name)}
              </Text>
              <Button size="xs" variant="outline" onClick={() => env.onChange([...path, name], undefined)}>
                {t.removeProperty}
              </Button>
            </Flex>
            <FieldErrors errors={env.errorsAt(at)} id={`${fieldId(at)}-errors`} />
          </Box>
        );
      })}
    </Group>
  );
}

function ArrayField({ spec, label, path, value }: FieldProps) {
  const env = useContext(FieldEnv);
  if (spec.kind !== "array") return null;
  if (value === undefined && spec.optional) return <AddOptional spec={spec} label={label} path={path} />;
  const pointer = pointerOf(path);
  const list = Array.isArray(value) ? value : [];
  const set = (next: unknown[]) => env.onChange(path, next);
  const move = (from: number, to: number) => {
    const next = [...list];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item);
    set(next);
  };
  const itemLabel = (i: number) => t.item(singular(label), i + 1);
  const actions = spec.optional ? (
    <Button size="xs" variant="outline" onClick={() => env.onChange(path, undefined)}>
      {t.remove(label)}
    </Button>
  ) : undefined;
  return (
    <Group pointer={pointer} label={label} help={spec.help} errors={env.errorsAt(pointer)} actions={actions}>
      {list.map((item, i) => (
        <Box key={i} borderLeftWidth="2px" borderColor="gray.200" pl="3">
          <Flex gap="1" wrap="wrap" mb="1" justify="flex-end">
            <Button size="xs" variant="ghost" disabled={i === 0} onClick={() => move(i, i - 1)} aria-label={`${texts.editor.moveUp}: ${itemLabel(i)}`}>
              {texts.editor.moveUp}
            </Button>
            <Button size="xs" variant="ghost" disabled={i === list.length - 1} onClick={() => move(i, i + 1)} aria-label={`${texts.editor.moveDown}: ${itemLabel(i)}`}>
              {texts.editor.moveDown}
            </Button>
            <Button
              size="xs"
              variant="ghost"
              colorPalette="red"
              disabled={spec.min !== undefined && list.length <= spec.min}
              onClick={() => set(list.filter((_, j) => j !== i))}
              aria-label={`${texts.editor.remove}: ${itemLabel(i)}`}
            >
              {texts.editor.remove}
            </Button>
          </Flex>
          <Field spec={spec.item} label={itemLabel(i)} path={[...path, i]} value={item} />
        </Box>
      ))}
      <Box>
        <Button size="sm" variant="outline" disabled={spec.max !== undefined && list.length >= spec.max} onClick={() => set([...list, newListItem(spec.item, list)])}>
          {t.add(singular(label))}
        </Button>
      </Box>
    </Group>
  );
}

function UnionField({ spec, label, path, value }: FieldProps) {
  const env = useContext(FieldEnv);
  if (spec.kind !== "union") return null;
  if (value === undefined && spec.optional) return <AddOptional spec={spec} label={label} path={path} />;
  const pointer = pointerOf(path);
  const index = Math.max(0, spec.variants.findIndex((v) => v.matches(value)));
  const variant = spec.variants[index]!;
  const kindId = `${fieldId(pointer)}-kind`;
  const actions = spec.optional ? (
    <Button size="xs" variant="outline" onClick={() => env.onChange(path, undefined)}>
      {t.remove(label)}
    </Button>
  ) : undefined;
  return (
    <Group pointer={pointer} label={label} help={spec.help} errors={env.errorsAt(pointer)} actions={actions}>
      <Box>
        <Label htmlFor={kindId}>{t.kind}</Label>
        <NativeSelect.Root mt="1.5">
          <NativeSelect.Field id={kindId} value={String(index)} bg="white" onChange={(e) => env.onChange(path, initialValue(spec.variants[Number(e.target.value)]!.spec))}>
            {spec.variants.map((v, i) => (
              <option key={v.label} value={i}>
                {v.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Box>
      <Field spec={{ ...variant.spec, optional: false }} label={variant.label} path={path} value={value} bare={variant.spec.kind === "object"} />
    </Group>
  );
}

/** "Actions" → "Action", "Features" → "Feature": what one item of a list is called. */
function singular(label: string): string {
  if (/ies$/.test(label)) return label.replace(/ies$/, "y");
  if (/(ss|us)$/.test(label)) return label;
  return label.replace(/s$/, "");
}
