import { deletePortfolio, type PortfolioListItem } from '@ballast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notify } from '../../components/toast/notify.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { useApi } from '../auth/session-context.tsx';
import { portfoliosKey } from './use-portfolio-list.ts';

function clientOf(portfolio: PortfolioListItem): string {
  return portfolio.client_name || 'an unnamed client';
}

/**
 * Asks before deleting an incomplete portfolio, then deletes it and reports the outcome in a
 * toast. The list is refreshed whatever the answer, before the dialog closes: a refusal (409)
 * means the portfolio has moved on since the list was loaded, and the advisor should see where
 * it stands now. A deleted row takes its Delete button with it; `returnFocus` then takes focus.
 */
export function DeletePortfolioDialog(props: {
  portfolio: PortfolioListItem | null;
  onClose(): void;
  returnFocus(): HTMLElement | null;
}) {
  const { portfolio, onClose } = props;
  const api = useApi();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (target: PortfolioListItem) =>
      api.request(deletePortfolio, { params: { id: target.id } }),
    onSuccess: (_answer, target) => {
      notify({ text: `The portfolio of ${clientOf(target)} was deleted.`, theme: 'success' });
    },
    onError: (error, target) => {
      notify({
        text: `The portfolio of ${clientOf(target)} could not be deleted.`,
        detail: errorMessage(error),
        theme: 'error',
      });
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: portfoliosKey });
      onClose();
    },
  });

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
