/**
 * What a trainee's new lead starts with (the first consultant of data.ts's CONSULTANTS). Apart from
 * data.ts, which builds the whole training catalogue when it loads: the core needs only these at
 * start, the catalogue when the marketplace simulator first starts.
 */
export const TRAINING_LEAD_DEFAULTS = {
  businessConsultantId: 'BC1001',
  fields: {
    actionType: 'Create',
    recordType: 'Merchant',
    bankId: 'TB-0042',
    campaign_id: 'TRAINING-2026',
    referenceType: 'LeadSystem',
    businessConsultantAMAId: 'AMA-55101',
    leadType: 'Self Sourced',
    country: 'US',
  },
};
