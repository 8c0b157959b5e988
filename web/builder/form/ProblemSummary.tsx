// The problems that stop a save or send, all in one alert (announced when it appears); each
// also shows under its own input.
import './form.css';

interface Props {
  readonly title: string;
  readonly messages: readonly string[];
}

export function ProblemSummary({ title, messages }: Props) {
  if (messages.length === 0) return null;
  return (
    <div class="alert problem-summary" role="alert">
      <p class="problem-title">{title}</p>
      {messages.length === 1 ? <p>{messages[0]}</p> : <ul>{messages.map((message, i) => <li key={i}>{message}</li>)}</ul>}
    </div>
  );
}
