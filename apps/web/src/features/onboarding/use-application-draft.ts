import { getPortfolioInputs, type RouteInput, updatePortfolioInputs } from '@ballast/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../lib/api-error.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useApi } from '../../lib/session-context.tsx';
import {
  mergeDrafts,
  type OnboardingDraft,
  readLocalDraft,
  type SectionName,
  sectionPayload,
  writeLocalDraft,
} from './onboarding-draft.ts';

/** How long typing pauses before a section is sent. */
const SAVE_DELAY_MS = 800;

export type SaveState =
  | { kind: 'saved' }
  | { kind: 'saving' }
  /** Kept in this browser only: some section holds a value the draft schemas refuse. */
  | { kind: 'local'; sections: SectionName[] }
  | { kind: 'failed'; message: string };

export function useSavedInputs(portfolioId: string) {
  const api = useApi();
  return useQuery({
    queryKey: queryKeys.onboardingInputs(portfolioId),
    queryFn: () => api.request(getPortfolioInputs, { params: { id: portfolioId } }),
    // The draft on screen is the truth once loaded; a refetch would not be shown anyway.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * The application being typed: the server's saved inputs with this browser's unsaved sections
 * over them. Every change is written to local storage at once and sent to PATCH /inputs a
 * moment later, section by section; a section leaves local storage once the server has it.
 */
export function useApplicationDraft(portfolioId: string, initial: OnboardingDraft) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<OnboardingDraft>(() =>
    mergeDrafts(initial, readLocalDraft(portfolioId)),
  );
  const [saveState, setSaveState] = useState<SaveState>({ kind: 'saved' });
  const latest = useRef(draft);
  const pending = useRef(new Set<SectionName>());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const save = useMutation({
    mutationFn: (body: RouteInput<typeof updatePortfolioInputs>['body']) =>
      api.request(updatePortfolioInputs, { params: { id: portfolioId }, body }),
    onSuccess: (saved) => queryClient.setQueryData(queryKeys.onboardingInputs(portfolioId), saved),
  });

  const flush = useCallback(async (): Promise<boolean> => {
    clearTimeout(timer.current);
    const sections = [...pending.current];
    if (sections.length === 0) return true;
    const sent = latest.current;
    const body: RouteInput<typeof updatePortfolioInputs>['body'] = {};
    const unsendable: SectionName[] = [];
    for (const section of sections) {
      const payload = sectionPayload(sent, section);
      if (payload) Object.assign(body, payload);
      else unsendable.push(section);
    }
    if (Object.keys(body).length === 0) {
      setSaveState({ kind: 'local', sections: unsendable });
      return false;
    }
    setSaveState({ kind: 'saving' });
    try {
      await save.mutateAsync(body);
    } catch (error) {
      setSaveState({ kind: 'failed', message: errorMessage(error) });
      return false;
    }
    const local = readLocalDraft(portfolioId);
    for (const section of sections) {
      // A section typed into again while it was on its way stays pending for the next save.
      if (unsendable.includes(section) || latest.current[section] !== sent[section]) continue;
      pending.current.delete(section);
      delete local.sections[section];
    }
    writeLocalDraft(portfolioId, local);
    setSaveState(
      pending.current.size === 0
        ? { kind: 'saved' }
        : unsendable.length > 0
          ? { kind: 'local', sections: unsendable }
          : { kind: 'saving' },
    );
    return unsendable.length === 0;
  }, [portfolioId, save.mutateAsync]);

  const change = useCallback(
    <S extends SectionName>(section: S, value: OnboardingDraft[S]) => {
      const next = { ...latest.current, [section]: value };
      latest.current = next;
      setDraft(next);
      pending.current.add(section);
      const local = readLocalDraft(portfolioId);
      writeLocalDraft(portfolioId, { ...local, sections: { ...local.sections, [section]: value } });
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), SAVE_DELAY_MS);
    },
    [portfolioId, flush],
  );

  // Sections left in this browser by an earlier visit are sent again as soon as it opens, and
  // what is still waiting for its moment is sent when the advisor leaves the application.
  useEffect(() => {
    const local = readLocalDraft(portfolioId);
    for (const section of Object.keys(local.sections) as SectionName[]) {
      pending.current.add(section);
    }
    if (pending.current.size > 0) void flush();
    return () => {
      if (pending.current.size > 0) void flush();
    };
  }, [portfolioId, flush]);

  return { draft, change, flush, saveState };
}
