// How deep a JSON text nests, measured on the text before anything parses or walks it (issue 45): a
// preview whose outputs nest thousands of levels deep would otherwise end in "Maximum call stack
// size exceeded" in a walker (or the parser) instead of a sentence about the input.

/**
 * The deepest nesting render-plan reads. A real preview's states nest a few dozen levels; the
 * walkers that render a step (JSON.stringify among them) recurse once per level.
 */
export const MAX_NESTING = 1000;

interface Frame {
  array: boolean;
  /** The element's index in an array; the member's key in an object (once read). */
  index: number;
  key?: string;
  /** In an object: the next string is a key. */
  expectKey: boolean;
}

/** `steps[3].oldState.outputs`, cut after `maxChars` characters. */
function pathOf(frames: readonly Frame[], maxChars = 120): string {
  let out = "";
  for (const f of frames) {
    const part = f.array ? `[${f.index}]` : f.key === undefined ? "" : /^[A-Za-z_$][\w$]*$/.test(f.key) ? `${out ? "." : ""}${f.key}` : `[${JSON.stringify(f.key)}]`;
    if (out.length + part.length > maxChars) return `${out}…`;
    out += part;
  }
  return out || "the document";
}

/**
 * Undefined when `text` nests at most `max` levels; else where it first goes deeper, as
 * "nested deeper than 1000 levels at steps[0].oldState.outputs.a.a…". One pass, no recursion; strings
 * (and the brackets in them) are skipped. The text need not be valid JSON: the parser says the rest.
 */
export function nestingProblem(text: string, max = MAX_NESTING): string | undefined {
  const frames: Frame[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      const start = i + 1;
      for (i = start; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c /* \ */) i++;
      const top = frames[frames.length - 1];
      if (top && !top.array && top.expectKey) {
        top.key = decodeKey(text.slice(start, i));
        top.expectKey = false;
      }
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (frames.length >= max) return `nested deeper than ${max} levels at ${pathOf(frames)}`;
      frames.push({ array: c === 0x5b, index: 0, expectKey: c === 0x7b });
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      frames.pop();
    } else if (c === 0x2c /* , */) {
      const top = frames[frames.length - 1];
      if (top?.array) top.index++;
      else if (top) top.expectKey = true;
    }
  }
  return undefined;
}

function decodeKey(raw: string): string {
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return raw;
  }
}
