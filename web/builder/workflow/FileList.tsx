// The workflow's files, as tabs: each one's PDF drawn (lazily) when it has one.
import type { Api } from '../api.js';
import { DocumentTabs, type DocumentItem } from '../documents/DocumentTabs.js';
import type { WeldFile } from './types.js';

interface Props {
  readonly api: Api;
  readonly files: readonly WeldFile[];
}

export function FileList({ api, files }: Props) {
  if (files.length === 0) return <p class="document-status">This workflow has no files.</p>;
  return <DocumentTabs api={api} documents={files.map(documentOf)} label="Files" />;
}

function documentOf(file: WeldFile, index: number): DocumentItem {
  const title = file.title?.trim() || file.name?.trim() || file.filename?.trim() || file.id || `File ${index + 1}`;
  return { id: file.id || `file-${index}`, title, ...(file.castEid ? { castEid: file.castEid } : {}) };
}
