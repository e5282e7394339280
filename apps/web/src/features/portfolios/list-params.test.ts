import { describe, expect, it } from 'vitest';
import { readListParams, writeListParams } from './list-params.ts';

describe('the list choices in the address', () => {
  it('reads status, search and sort', () => {
    expect(
      readListParams(new URLSearchParams('status=NEEDS-ACTION&q=hale&sort=-return_1y_pct')),
    ).toEqual({
      status: 'NEEDS-ACTION',
      search: 'hale',
      sort: { id: 'return_1y_pct', desc: true },
    });
    expect(readListParams(new URLSearchParams('sort=client_name')).sort).toEqual({
      id: 'client_name',
      desc: false,
    });
  });

  it('ignores a status or a column it does not know', () => {
    expect(readListParams(new URLSearchParams('status=open&sort=-password'))).toEqual({
      status: null,
      search: '',
      sort: null,
    });
  });

  it('writes only what differs from the defaults, and reads back what it wrote', () => {
    expect(writeListParams({ status: null, search: '', sort: null }).toString()).toBe('');
    const choices = {
      status: 'CLOSED' as const,
      search: 'Trust & Co',
      sort: { id: 'nav' as const, desc: true },
    };
    const written = writeListParams(choices);
    expect(written.toString()).toBe('status=CLOSED&q=Trust+%26+Co&sort=-nav');
    expect(readListParams(written)).toEqual(choices);
  });
});
