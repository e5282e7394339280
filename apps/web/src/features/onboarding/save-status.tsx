import type { SectionName } from './onboarding-draft.ts';
import type { SaveState } from './use-application-draft.ts';

const SECTION_WORDS: Record<SectionName, string> = {
  client_data: 'the owners',
  client_suitability_data: 'the suitability',
  custodians: 'the custodian',
  kyc_input_data: 'the documents',
  strategy: 'the strategy',
  advisor_input_data: 'the advisors',
};

function sentence(state: SaveState): string {
  switch (state.kind) {
    case 'saved':
      return 'All changes saved.';
    case 'saving':
      return 'Saving…';
    case 'local':
      return `Kept in this browser: ${state.sections.map((section) => SECTION_WORDS[section]).join(' and ')} will be saved once every field holds a valid value.`;
    case 'failed':
      return `Not saved (${state.message}); your changes are kept in this browser.`;
  }
}

/** Where what was typed stands, read out as it changes. */
export function SaveStatus({ state }: { state: SaveState }) {
  return (
    <p
      role="status"
      className={`text-sm ${state.kind === 'failed' ? 'text-red-700' : 'text-slate-700'}`}
    >
      {sentence(state)}
    </p>
  );
}
