const letters = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/**
 * The first letter of the first two words, upper-cased: "Nina 🌸 Okafor" -> "N🌸". Letters are whole
 * graphemes (an emoji, a flag, an accented letter typed as two code points), never half of one.
 */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => letters.segment(word)[Symbol.iterator]().next().value?.segment.toUpperCase() ?? "")
    .join("");
}
