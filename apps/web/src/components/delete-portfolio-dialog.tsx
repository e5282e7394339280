import type { PortfolioListItem } from '@ballast/contract';
import { Button } from './ui/button.tsx';
import { Modal } from './ui/modal.tsx';
import { clientOf, useDeletePortfolio } from './use-delete-portfolio.ts';

/**
 * Asks before deleting an incomplete portfolio; the dialog closes once the list is refreshed.
 * A deleted row takes its Delete button with it; `returnFocus` then takes focus.
 */
export function DeletePortfolioDialog(props: {
  portfolio: PortfolioListItem | null;
  onClose(): void;
  returnFocus(): HTMLElement | null;
}) {
  const { portfolio, onClose } = props;
  const remove = useDeletePortfolio(onClose);

  return (
    <Modal
      open={portfolio !== null}
      onOpenChange={(open) => {
        if (!open && !remove.isPending) onClose();
      }}
      title="Delete portfolio"
      returnFocus={props.returnFocus}
      description={
        portfolio
          ? `The incomplete portfolio of ${clientOf(portfolio)} and its onboarding application will be deleted. This cannot be undone.`
          : undefined
      }
    >
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={onClose} disabled={remove.isPending}>
          Cancel
        </Button>
        <Button
          variant="danger"
          disabled={remove.isPending}
          onClick={() => {
            if (portfolio) remove.mutate(portfolio);
          }}
        >
          {remove.isPending ? 'Deleting…' : 'Delete portfolio'}
        </Button>
      </div>
    </Modal>
  );
}
