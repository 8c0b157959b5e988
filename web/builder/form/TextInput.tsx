// A labelled text input with its problem under it: aria-invalid, and aria-describedby pointing
// at the message. Used by the packet and workflow builders.
import './form.css';

interface Props {
  readonly id: string;
  readonly label: string;
  readonly value: string;
  readonly error: string | undefined;
  readonly disabled?: boolean;
  readonly type?: 'text' | 'email';
  readonly class?: string;
  readonly onInput: (value: string) => void;
}

export function TextInput({ id, label, value, error, disabled = false, type = 'text', class: className, onInput }: Props) {
  const errorId = `${id}-error`;
  const attributes = {
    id, value, disabled, autocomplete: 'off', spellcheck: false,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    onInput: (event: Event) => onInput((event.currentTarget as HTMLInputElement).value),
  };
  return (
    <div class={className ? `text-input ${className}` : 'text-input'}>
      <label for={id}>{label}</label>
      {type === 'email' ? <input type="email" {...attributes} /> : <input type="text" {...attributes} />}
      {error && <p id={errorId} class="field-error">{error}</p>}
    </div>
  );
}
