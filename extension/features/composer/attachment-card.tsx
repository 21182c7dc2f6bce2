import type { MediaDto } from '../../../shared/posts/api';
import type { PendingDraft } from '../../lib/pending-draft';

export type Attachment =
  | { status: 'loading' }
  | { status: 'ready'; media: MediaDto }
  | { status: 'error'; message: string };

function statusText(attachment: Attachment | null): string {
  if (attachment?.status === 'loading') return 'Adding the image…';
  if (attachment?.status === 'ready') return `Image attached (${attachment.media.mimeType})`;
  if (attachment?.status === 'error') return attachment.message;
  return '';
}

/** What a right-click brought (page, selection or image), or a restored post's image. */
export function AttachmentCard({
  draft,
  attachment,
  onDiscardDraft,
  onRemoveAttachment,
}: {
  draft: PendingDraft | null;
  attachment: Attachment | null;
  onDiscardDraft: () => void;
  onRemoveAttachment: () => void;
}) {
  if (!draft) {
    if (attachment?.status !== 'ready') return null;
    return (
      <div className="spread">
        <span className="muted" data-testid="attachment-status">
          {statusText(attachment)}
        </span>
        <button type="button" className="link" onClick={onRemoveAttachment}>
          Remove image
        </button>
      </div>
    );
  }
  return (
    <section className="card" aria-label="From the page">
      <div className="spread">
        <strong>
          {draft.kind === 'image' ? 'Image' : draft.kind === 'selection' ? 'Selected text' : 'Page'} from{' '}
          {draft.title || draft.url}
        </strong>
        <button type="button" className="link" onClick={onDiscardDraft}>
          Discard
        </button>
      </div>
      {draft.kind === 'image' && draft.imageUrl ? (
        <div className="attachment">
          <img src={draft.imageUrl} alt="Chosen from the page" />
          <span className="muted" data-testid="attachment-status">
            {statusText(attachment)}
          </span>
        </div>
      ) : null}
    </section>
  );
}
