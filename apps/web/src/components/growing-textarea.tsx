import type { CSSProperties } from 'react';
import { Textarea, type TextareaProps } from '@mantine/core';

export interface GrowingTextareaProps extends Omit<
  TextareaProps,
  'autosize' | 'minRows' | 'maxRows' | 'rows' | 'styles'
> {
  /** The height it starts at, in lines. */
  minRows: number;
  /** The height it stops growing at, in lines (then it scrolls); unset, it grows with its text. */
  maxRows?: number;
  /** Styles of the text field itself (a font, say), beside its height. */
  inputStyle?: CSSProperties;
}

/** A height of `n` lines of the field's own line height, with its padding and border. */
const linesHigh = (n: number) => `calc(${n}lh + 2 * var(--input-padding-y, 0px) + 2px)`;

/**
 * A Textarea that grows with its text between `minRows` and `maxRows` lines by CSS alone (`field-sizing: content`,
 * heights in `lh`). Mantine's `autosize` measures a hidden copy in script on every render, which reads the page's
 * layout mid-render (about 100 ms on a large project's page, ADR 038). A browser without `field-sizing` shows
 * `minRows` lines and a scroll bar, and the user can drag it taller.
 */
export function GrowingTextarea({ minRows, maxRows, inputStyle, ...props }: GrowingTextareaProps) {
  return (
    <Textarea
      rows={minRows}
      {...props}
      styles={{
        input: {
          fieldSizing: 'content',
          minHeight: linesHigh(minRows),
          maxHeight: maxRows === undefined ? undefined : linesHigh(maxRows),
          resize: 'vertical',
          ...inputStyle,
        },
      }}
    />
  );
}
