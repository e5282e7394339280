/**
 * A stand-in for the api in the administration screen's component tests: each test answers the
 * routes it needs (by route id) and reads back what was sent. A test stands it in for the
 * session with `vi.mock('../../lib/session-context.tsx', () => import('./fake-api.fixture.ts'))`;
 * it is kept apart from the render helper so that the mock loads without the screen.
 */
import type { Advisor, AnyRoute } from '@ballast/contract';
import { getSelfAdvisor } from '@ballast/contract';
import { ApiError } from '../../lib/api-error.ts';

export const FIRM_ID = '9c0f6a3e-2b7d-4f0e-8a1c-5d3e7b9a1f22';

type Input = { params?: Record<string, string>; query?: Record<string, unknown>; body?: unknown };
type Handler = (input: Input) => unknown;

/** What the fake api answers and what it was asked, reset by `resetFakeApi` before each test. */
export const fakeApi = {
  handlers: new Map<string, Handler>(),
  calls: [] as { route: string; input: Input }[],
  async request(route: AnyRoute, input: Input = {}) {
    fakeApi.calls.push({ route: route.id, input });
    const handler = fakeApi.handlers.get(route.id);
    if (!handler) throw new Error(`unexpected route ${route.id}`);
    return handler(input);
  },
};

/** The inputs every call of `route` was made with, in order. */
export function callsOf(route: AnyRoute): Input[] {
  return fakeApi.calls.filter((call) => call.route === route.id).map((call) => call.input);
}

export function answer(route: AnyRoute, handler: Handler): void {
  fakeApi.handlers.set(route.id, handler);
}

export function resetFakeApi(role: Advisor['role'] = 'ADMINISTRATOR'): void {
  fakeApi.handlers.clear();
  fakeApi.calls = [];
  answer(getSelfAdvisor, () => ({ ...makeAdvisor(), role }));
}

/** The api's answer to a request it refuses, shaped as product §8 says. */
export function refusal(
  status: number,
  detail: string,
  options: { attr?: string; code?: string } = {},
): ApiError {
  return new ApiError(status, {
    type: status === 400 ? 'validation_error' : 'client_error',
    errors: [{ code: options.code ?? 'invalid', detail, attr: options.attr ?? null }],
  });
}

function makeAdvisor(): Advisor {
  return {
    advisor: '2f1b7f4e-8b1a-4a57-9a3e-1f6f0f6a9c11',
    first_name: 'Ada',
    middle_name: '',
    last_name: 'Lovelace',
    email: 'ada@firm.test',
    phone: '',
    address: '',
    address2: '',
    city: '',
    state: '',
    zip_code: '',
    status: 'ACTIVE',
    role: 'ADMINISTRATOR',
    in_app_notification: true,
    email_notification: false,
    firm_id: FIRM_ID,
  };
}

/** The session module's hooks, answering with the fake api for a signed-in user. */
export function useApi() {
  return fakeApi;
}

export function useSession() {
  return { api: fakeApi, isAuthenticated: true };
}
