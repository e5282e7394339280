import { describe, expect, it } from 'vitest';
import { validationErrorsOf } from '../testing/validation.ts';
import { ActionUpdateBodySchema } from './action.ts';
import { KycDocumentUploadSchema } from './document.ts';
import { CreatePortfolioBodySchema } from './portfolio.ts';
import { PortfolioHoldingsSchema } from './token-lot.ts';

const ADVISOR = '1b4e28ba-2fa1-11d2-883f-0016d3cca427';

describe('request bodies the product rules leave open', () => {
  it('create-portfolio takes nothing, or the advisors and the originating one', () => {
    expect(validationErrorsOf(CreatePortfolioBodySchema, {})).toEqual([]);
    expect(
      validationErrorsOf(CreatePortfolioBodySchema, {
        advisor_input_data: [ADVISOR],
        originating_advisor_id: ADVISOR,
      }),
    ).toEqual([]);
    expect(
      validationErrorsOf(CreatePortfolioBodySchema, { advisor_input_data: ['me'] })[0]?.attr,
    ).toBe('advisor_input_data.0');
  });

  it('an action update names a state of the full set, with instructions when needed', () => {
    expect(
      validationErrorsOf(ActionUpdateBodySchema, {
        state: 'NEEDS-ACTION-IN-CHANNEL',
        needs_action_payload: { instructions: 'Upload a signed transfer form.' },
      }),
    ).toEqual([]);
    expect(validationErrorsOf(ActionUpdateBodySchema, { state: 'DONE' })).toEqual([
      expect.objectContaining({ attr: 'state', code: 'invalid_choice' }),
    ]);
  });

  it('a KYC upload needs the file and its portfolio', () => {
    const file = new File([new Uint8Array([0x25, 0x50, 0x44, 0x46])], 'passport.pdf');
    expect(
      validationErrorsOf(KycDocumentUploadSchema, { portfolio_id: ADVISOR, document: file }),
    ).toEqual([]);
    expect(
      validationErrorsOf(KycDocumentUploadSchema, { portfolio_id: ADVISOR }).map((e) => e.attr),
    ).toEqual(['document']);
  });

  it('token holdings carry 18-decimal amounts as text', () => {
    const lot = {
      coin: 'ETH',
      amount: '1.123456789012345678',
      cost_basis: 2500,
      date_acquired: '2025-03-01',
    };
    expect(
      validationErrorsOf(PortfolioHoldingsSchema, { portfolio_id: ADVISOR, lots: [lot] }),
    ).toEqual([]);
    expect(
      validationErrorsOf(PortfolioHoldingsSchema, {
        portfolio_id: ADVISOR,
        lots: [{ ...lot, amount: 1.5 }],
      }).map((e) => e.attr),
    ).toEqual(['lots.0.amount']);
  });
});
