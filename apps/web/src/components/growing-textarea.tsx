import { Textarea, type TextareaProps } from "@mantine/core";

/** The field's height for `rows` lines of its text: its lines, its padding and its border. */
const heightOf = (rows: number) => `calc(${rows}lh + 2 * var(--input-padding-y, 0px) + 2px)`;

/**
 * A textarea that grows with its text from `minRows` to `maxRows` lines, then scrolls. The browser sizes
 * it (field-sizing: content): a script measuring it, as Mantine's autosize does, forces a layout in the
 * middle of the page's first render. A browser without field-sizing keeps `minRows` and a resize handle.
 */
export function GrowingTextarea({
  minRows = 2,
  maxRows = 12,
  ...props
}: Omit<TextareaProps, "autosize" | "rows"> & { minRows?: number; maxRows?: number }) {
  return (
    <Textarea
      {...props}
      rows={minRows}
      resize="vertical"
      styles={{
        input: { fieldSizing: "content", minHeight: heightOf(minRows), maxHeight: heightOf(maxRows) },
      }}
    />
  );
}
