// The bar above the builder: the page title and the finish button (hidden with
// showPageTitleBar: false, when the parent submits with the castEditSubmit command).
interface Props {
  readonly title: string;
  readonly finishButtonText: string;
  readonly busy: boolean;
  readonly onFinish: () => void;
}

export function TitleBar({ title, finishButtonText, busy, onFinish }: Props) {
  return (
    <header class="tb-titlebar">
      <h1>{title}</h1>
      <button type="button" class="primary tb-finish" aria-disabled={busy} onClick={() => !busy && onFinish()}>
        {busy ? 'Saving…' : finishButtonText}
      </button>
    </header>
  );
}
