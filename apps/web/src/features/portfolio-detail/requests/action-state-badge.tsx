import type { ActionState } from '@ballast/contract';
import { STATE_LABELS } from '../../../lib/action-words.ts';
import { type StateTone, stateTone } from './action-states.ts';

const TONES: Record<StateTone, string> = {
  attention: 'bg-red-100 text-red-900',
  progress: 'bg-sky-100 text-sky-900',
  done: 'bg-emerald-100 text-emerald-900',
  failed: 'bg-orange-100 text-orange-900',
  closed: 'bg-slate-200 text-slate-800',
};

export function ActionStateBadge({ state }: { state: ActionState }) {
  return (
    <span
      data-state={state}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${TONES[stateTone(state)]}`}
    >
      {STATE_LABELS[state]}
    </span>
  );
}
