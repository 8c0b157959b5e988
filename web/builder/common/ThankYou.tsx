// The page a builder shows when it is done (castEditComplete, a sent packet, a finished
// workflow): the parent may close the iframe now.
import { useEffect, useRef } from 'preact/hooks';

interface Props {
  readonly title: string;
  readonly message: string;
}

export function ThankYou({ title, message }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <main class="notice notice-done">
      <h1 ref={heading} tabIndex={-1}>{title}</h1>
      <p>{message}</p>
    </main>
  );
}
