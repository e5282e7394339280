import type { QueuedAction } from '@ballast/contract';
import { useId, useState } from 'react';
import { notify } from '../../components/toast/notify.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field, inputClass } from '../../components/ui/field.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { errorMessage } from '../../lib/api-error.ts';
import { completionEffect, describeRequest, type Offer, stateName } from './queue-moves.ts';
import { type MoveResult, useMoveAction } from './use-action-queue.ts';

export type Chosen = { item: QueuedAction; offer: Offer };

const TITLES: Record<Offer['kind'], (offer: Offer) => string> = {
  move: (offer) => (offer.to === 'COMPLETED' ? 'Complete this request?' : `${offer.label}?`),
  fail: () => 'Fail this request?',
  ask: () => 'Ask the advisor',
};

function MoveForm({ chosen, onClose }: { chosen: Chosen; onClose(): void }) {
  const { item, offer } = chosen;
  const move = useMoveAction();
  const [note, setNote] = useState('');
  const [isDismissible, setDismissible] = useState(false);
  const [noteError, setNoteError] = useState<string>();
  const [movedOn, setMovedOn] = useState<Extract<MoveResult, { moved: false }> | null>(null);
  const checkboxId = useId();
  const needsNote = offer.kind !== 'move';
  const target =
    offer.kind === 'ask' && isDismissible && offer.dismissible ? offer.dismissible : offer.to;

  const confirm = () => {
    if (needsNote && note.trim() === '') {
      setNoteError(
        offer.kind === 'fail'
          ? 'Please say why the request failed.'
          : 'Please write the instructions.',
      );
      return;
    }
    move.mutate(
      { item, to: target, ...(needsNote ? { note: note.trim() } : {}) },
      {
        onSuccess: (result) => {
          if (!result.moved) {
            setMovedOn(result);
            return;
          }
          notify({
            text: `Request moved: ${describeRequest(item)}`,
            theme: 'success',
            status: stateName(target),
          });
          onClose();
        },
      },
    );
  };

  if (movedOn) {
    return (
      <div className="flex flex-col gap-4">
        <div
          role="alert"
          className="rounded-md border border-amber-400 bg-amber-50 px-3 py-2 text-sm"
        >
          <p className="font-semibold">This request moved on before your change was made.</p>
          <p className="mt-1">
            {movedOn.state
              ? `Someone else already moved it: it is now ${stateName(movedOn.state)}.`
              : 'Someone else already moved it.'}{' '}
            Your change was not applied; the queue shows it as it is now.
          </p>
        </div>
        <div className="flex justify-end">
          <Button onClick={onClose}>Close</Button>
        </div>
      </div>
    );
  }

  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        confirm();
      }}
    >
      <div className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-900">
        <p className="font-semibold">{describeRequest(item)}</p>
        <p className="mt-0.5 text-slate-700">
          Now {stateName(item.action.state)}; advisor {item.advisor_name}.
        </p>
      </div>
      <p className="text-sm text-slate-800">
        {offer.kind === 'move' && offer.to === 'COMPLETED'
          ? completionEffect(item)
          : `It will read ${stateName(target)}.`}
      </p>
      {needsNote && (
        <Field
          label={offer.kind === 'fail' ? 'Reason' : 'Instructions for the advisor'}
          error={noteError}
          hint={
            offer.kind === 'fail'
              ? 'The advisor reads this on the portfolio page.'
              : offer.to.startsWith('NEEDS-ACTION-IN-CHANNEL')
                ? 'The advisor answers in the app.'
                : 'The advisor does this outside the app; you resume the request afterwards.'
          }
        >
          {(control) => (
            <textarea
              {...control}
              rows={3}
              className={inputClass}
              value={note}
              onChange={(event) => {
                setNote(event.target.value);
                setNoteError(undefined);
              }}
            />
          )}
        </Field>
      )}
      {offer.kind === 'ask' && offer.dismissible && (
        <div className="flex items-center gap-2">
          <input
            id={checkboxId}
            type="checkbox"
            className="h-4 w-4"
            checked={isDismissible}
            onChange={(event) => setDismissible(event.target.checked)}
          />
          <label htmlFor={checkboxId} className="text-sm text-slate-800">
            The advisor may dismiss this request
          </label>
        </div>
      )}
      {move.isError && (
        <p role="alert" className="text-sm text-red-800">
          {errorMessage(move.error)}
        </p>
      )}
      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={onClose} disabled={move.isPending}>
          Keep as it is
        </Button>
        <Button
          type="submit"
          variant={offer.kind === 'fail' ? 'danger' : 'primary'}
          disabled={move.isPending}
        >
          {move.isPending ? 'Submitting...' : offer.label}
        </Button>
      </div>
    </form>
  );
}

/** The confirmation every move goes through: it names the client and the amount. */
export function MoveDialog(props: {
  chosen: Chosen | null;
  onClose(): void;
  returnFocus(): HTMLElement | null;
}) {
  const { chosen, onClose } = props;
  return (
    <Modal
      open={chosen !== null}
      onOpenChange={(isOpen) => !isOpen && onClose()}
      returnFocus={props.returnFocus}
      title={chosen ? TITLES[chosen.offer.kind](chosen.offer) : ''}
    >
      {chosen && (
        <MoveForm
          key={`${chosen.item.action.id}:${chosen.offer.to}`}
          chosen={chosen}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}
