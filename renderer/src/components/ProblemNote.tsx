/** A problem in words, announced when it appears; nothing when there is none. */
export function ProblemNote({ text, id }: { text: string | undefined; id?: string }) {
  return text ? (
    <p className="error-note" role="alert" id={id}>
      {text}
    </p>
  ) : null;
}
