// A whole-page error the user must see (the builder could not load), announced to screen readers.
interface Props {
  readonly title: string;
  readonly message: string;
}

export function ErrorNotice({ title, message }: Props) {
  return (
    <main class="notice notice-error">
      <div role="alert">
        <h1>{title}</h1>
        <p>{message}</p>
      </div>
    </main>
  );
}
