/** Marks where a name goes in a translated sentence, to be replaced by the name itself. */
export const NAME_SLOT = '\u0000';

/**
 * A translated sentence with `NAME_SLOT` in it, the name put there in its own `<bdi>`, so that a
 * Latin name in an Arabic sentence (or the reverse) keeps its direction and its neighbours.
 */
export function NamedSentence({ text, name }: { text: string; name: string }) {
  const [before, after] = text.split(NAME_SLOT);
  return (
    <>
      {before}
      <bdi>{name}</bdi>
      {after}
    </>
  );
}
