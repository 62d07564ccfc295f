/**
 * Lines of a text stream (standard input of the dialogue commands), each at most
 * MAX_INPUT_LINE characters: a longer line, such as what `< /dev/zero` sends, is an input
 * error as soon as it passes the limit, instead of being gathered until memory runs out.
 */
import { inputError } from "../src/maths/puzzle";

/** Longest line read from standard input. */
export const MAX_INPUT_LINE = 10000;

/** Yields the lines of `input` without their "\n" or "\r\n"; a last line without a line end too. */
export async function* boundedLines(input: AsyncIterable<string | Uint8Array>, what = "standard input"): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let partial = "";
  let line = 1;
  const cut = (text: string): string => (text.endsWith("\r") ? text.slice(0, -1) : text);
  const tooLong = (length: number): void => {
    if (length > MAX_INPUT_LINE) throw inputError(`${what}: line ${line} is longer than ${MAX_INPUT_LINE} characters`);
  };
  for await (const chunk of input) {
    partial += typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
    let nl = partial.indexOf("\n");
    while (nl >= 0) {
      const text = cut(partial.slice(0, nl));
      tooLong(text.length);
      yield text;
      line++;
      partial = partial.slice(nl + 1);
      nl = partial.indexOf("\n");
    }
    // Still without its line end: it may yet end in "\r\n".
    tooLong(partial.length - (partial.endsWith("\r") ? 1 : 0));
  }
  partial += decoder.decode();
  if (partial !== "") yield cut(partial);
}
