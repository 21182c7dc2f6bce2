import { toast } from 'sonner';
import { Button } from '../../../components/button';
import { Modal } from '../../../components/modal';

/** The signing secret, shown this once (after adding an endpoint or rotating its secret). */
export function WebhookSecretDialog({
  secret,
  rotated,
  onClose,
}: {
  secret: string | null;
  rotated: boolean;
  onClose: () => void;
}) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret ?? '');
      toast.success('Secret copied');
    } catch {
      toast.error('Copy failed: select the secret and copy it yourself.');
    }
  };
  return (
    <Modal
      open={secret !== null}
      onClose={onClose}
      title="Signing secret"
      description="Copy it now: Postloom shows it only this once. Verify each delivery's webhook-signature with it using any Standard Webhooks library."
      footer={
        <>
          <Button variant="secondary" onClick={copy}>
            Copy
          </Button>
          <Button onClick={onClose}>Done</Button>
        </>
      }
    >
      <code
        data-testid="webhook-secret"
        className="block select-all break-all rounded-lg bg-gray-100 p-3 font-mono text-gray-900 text-sm"
      >
        {secret}
      </code>
      {rotated ? (
        <p className="mt-3 text-gray-600 text-sm">
          The previous secret keeps signing beside this one for 24 hours, so your receiver can switch without
          missing a delivery.
        </p>
      ) : null}
    </Modal>
  );
}
