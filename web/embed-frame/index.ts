// quire/embed-frame: the React component that embeds a Quire builder, its command helper and types.
import { EmbedFrame } from './EmbedFrame.js';

export { EmbedFrame, DEFAULT_TITLE, type EmbedFrameProps, type EmbedFrameHandle } from './EmbedFrame.js';
export { postCommand, postMessage, type FrameTarget } from './postMessage.js';
export {
  acceptMessage,
  frameOrigin,
  normalizeOrigin,
  type EmbedCommand,
  type EmbedCommandAction,
  type EmbedEvent,
  type EmbedEventAction,
  type EmbedFieldRecord,
  type IncomingMessage,
} from './messages.js';
export default EmbedFrame;
