// The embedded builders' entry: reads the page's session, loads its one object, and shows the
// builder for the embed type (template, packet or workflow).
import { render, type VNode } from 'preact';
import { Api, ApiError } from './api.js';
import type { BuilderProps, SessionObject } from './context.js';
import { ErrorNotice } from './common/ErrorNotice.js';
import { Messenger } from './messenger.js';
import { PacketBuilder } from './packet/PacketBuilder.js';
import { readSession, type EmbedSession } from './session.js';
import { TemplateBuilder } from './template/TemplateBuilder.js';
import { WorkflowBuilder } from './workflow/WorkflowBuilder.js';
import './styles.css';

async function start(root: HTMLElement): Promise<void> {
  // Drawn once per load: the page's "Loading…" placeholder stays until then.
  const show = (node: VNode): void => {
    root.replaceChildren();
    render(node, root);
  };
  let session: EmbedSession;
  try {
    session = readSession();
  } catch (error) {
    show(<ErrorNotice title="This builder could not start" message={(error as Error).message} />);
    return;
  }
  const api = new Api(session.session);
  const messenger = new Messenger(session);
  let loaded: SessionObject;
  try {
    loaded = await api.get<SessionObject>('object');
  } catch (error) {
    const message = error instanceof ApiError && error.status === 401 ? 'This session has ended. Open the builder again.' : (error as Error).message;
    show(<ErrorNotice title="This builder could not load" message={message} />);
    return;
  }
  const props: BuilderProps = { session, api, messenger, loaded };
  show(<Builder {...props} />);
}

function Builder(props: BuilderProps) {
  switch (props.session.embedType) {
    case 'edit-pdf-template':
      return <TemplateBuilder {...(props as BuilderProps<never>)} />;
    case 'edit-etch-packet':
      return <PacketBuilder {...(props as BuilderProps<never>)} />;
    case 'edit-workflow':
      return <WorkflowBuilder {...(props as BuilderProps<never>)} />;
    default:
      return <ErrorNotice title="Unknown builder" message={`No builder for ${String(props.session.embedType)}`} />;
  }
}

void start(document.getElementById('app')!);
