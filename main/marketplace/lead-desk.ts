import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { lazySchema } from '../../preload/contract/lazy-schema';
import { LeadEquipment, type CartView, type Freshness, type LeadInput, type LeadResult, type LeadView, type OutboxEntry } from '../../preload/contract';
import { PosError } from '../api/errors';
import { toPosError, type CachedFetch } from '../http/cached-fetch';
import { ApiError } from '../http/errors';
import { leadEquipment } from './cart';
import type { MarketplaceClient } from './client';
import { LEAD_TYPES } from './labels';
import { buildLeadRequest, leadRequestIssues } from './lead';
import { leadTarget, OutboxFullError } from './lead-outbox';
import type { MarketplaceServiceOptions } from './service';
import { leadView } from './views';
import { Leads, type LeadCreateRequest } from './wire';

/** Non-personal lead fields a deployment fills the same way on every lead. */
export const LEAD_DEFAULT_FIELDS = ['actionType', 'recordType', 'bankId', 'campaign_id', 'referenceType', 'businessConsultantAMAId', 'leadType', 'country'] as const;

export interface TrainingLeadDefaults {
  businessConsultantId: string;
  fields: Record<string, string>;
}

/** The marketplace service's own options it shares with the desk, and what the service hands it. */
export type LeadDeskOptions = Pick<MarketplaceServiceOptions, 'source' | 'cache' | 'outbox' | 'settings' | 'bus' | 'log' | 'now' | 'trainingLeadDefaults'> & {
  client: MarketplaceClient;
  fetcher: CachedFetch;
  /** The equipment cart, whose lines a lead may take with it. */
  cart: { view(): Promise<CartView>; empty(): Promise<unknown> };
};

const StoredDefaults = lazySchema(() => z.record(z.string(), z.string()));
const KeptEquipment = lazySchema(() => z.array(LeadEquipment));

const KEY = {
  leads: (consultant: string) => `leads:${consultant}`,
  leadDefaults: 'lead-defaults',
  leadEquipment: (uid: string) => `lead-equipment:${uid}`,
};

/**
 * The leads of the marketplace: a consultant's list, new leads (with the cart's equipment when
 * asked), and the sealed outbox of leads keyed in while the service could not be reached.
 */
export class LeadDesk {
  private retrying: Promise<LeadResult[]> | undefined;

  constructor(private readonly deps: LeadDeskOptions) {}

  private consultant(explicit?: string): string {
    return explicit || this.deps.settings.get('marketplace.businessConsultantId') || (this.deps.source.training() ? this.deps.trainingLeadDefaults.businessConsultantId : '');
  }

  async leads(businessConsultantId?: string): Promise<{ businessConsultantId: string; leads: LeadView[]; freshness: Freshness }> {
    const consultant = this.consultant(businessConsultantId);
    if (!consultant) throw new PosError('BAD_INPUT', 'no business consultant: give one, or set marketplace.businessConsultantId');
    const { value, freshness } = await this.deps.fetcher.networkFirst(KEY.leads(consultant), Leads, () => this.deps.client.leads(consultant));
    const leads = value
      .map((l): LeadView => {
        const view = leadView(l);
        const equipment = view.uid ? this.deps.fetcher.read(KEY.leadEquipment(view.uid), KeptEquipment)?.value : undefined;
        return equipment ? { ...view, equipment } : view;
      })
      .sort((a, b) => b.createdDate.localeCompare(a.createdDate));
    return { businessConsultantId: consultant, leads, freshness };
  }

  leadDefaults(): { businessConsultantId: string; fields: Record<string, string>; leadTypes: string[] } {
    const remembered = this.deps.fetcher.read(KEY.leadDefaults, StoredDefaults)?.value ?? {};
    const training = this.deps.source.training() ? this.deps.trainingLeadDefaults.fields : {};
    return {
      businessConsultantId: this.consultant(),
      fields: { leadType: 'Self Sourced', ...training, ...remembered },
      leadTypes: [...LEAD_TYPES],
    };
  }

  /** The body of a new lead: what was keyed in over the remembered defaults, with a fresh uid. */
  private leadRequest(input: Omit<LeadInput, 'withCart'>): LeadCreateRequest {
    const defaults = this.leadDefaults();
    const merged: Record<string, string | number | undefined> = { ...defaults.fields };
    for (const [k, v] of Object.entries(input)) if (v !== undefined && v !== '') merged[k] = v;
    merged.businessConsultantId = input.businessConsultantId || defaults.businessConsultantId;
    merged.uid = input.uid || randomUUID();
    return buildLeadRequest(merged);
  }

  /**
   * Sends a new lead. With `withCart`, the cart's lines go with it (kept by this terminal under the
   * lead's uid, as the lead-create call has no field for equipment) and the cart is emptied once
   * the lead is taken: created, or kept safely in the outbox. A refused lead leaves the cart as it was.
   */
  async createLead(input: LeadInput): Promise<LeadResult> {
    const { withCart, ...fields } = input;
    const request = this.leadRequest(fields);
    const issues = leadRequestIssues(request);
    if (issues.length > 0) throw new PosError('BAD_INPUT', `the lead is not complete: ${issues.map((i) => i.message).join('; ')}`, issues);
    const equipment = withCart ? leadEquipment((await this.deps.cart.view()).items) : undefined;
    const result = await this.send(request);
    if (result.status === 'queued') {
      try {
        this.deps.outbox.add(this.deps.source.namespace(), request, this.deps.now().toISOString(), result.problem);
      } catch (e) {
        if (e instanceof OutboxFullError) throw new PosError('CONFLICT', `The lead did not go and cannot be kept: ${e.message}.`);
        throw e;
      }
      this.deps.bus.emit('catalogue.changed', { scope: 'leads', freshness: this.deps.fetcher.freshness(null, 'cache') });
    }
    if (result.status === 'rejected' || !equipment) return result;
    if (equipment.length > 0) this.deps.fetcher.write(KEY.leadEquipment(request.uid), equipment, this.deps.now().toISOString());
    await this.deps.cart.empty();
    return { ...result, equipment };
  }

  /** One try at the service. Unreachable → queued (the caller keeps it); a refusal → rejected. */
  private async send(request: LeadCreateRequest): Promise<LeadResult> {
    const uid = request.uid;
    try {
      const res = await this.deps.client.createLead(request);
      this.deps.fetcher.observe();
      if (res.errorCode || res.errMessage || !res.leadId) {
        return {
          status: 'rejected',
          uid,
          errorCode: res.errorCode || 'UNKNOWN',
          errMessage: res.errMessage || 'the lead system created no lead and gave no reason',
          message: res.message,
        };
      }
      const remembered = Object.fromEntries(LEAD_DEFAULT_FIELDS.map((k): [string, string] => [k, request[k] ?? '']).filter(([, v]) => v !== ''));
      this.deps.fetcher.write(KEY.leadDefaults, remembered, this.deps.now().toISOString());
      this.deps.fetcher.background(KEY.leads(request.businessConsultantId), () => this.deps.client.leads(request.businessConsultantId));
      this.deps.log.info({ uid, leadId: res.leadId }, 'lead created');
      return { status: 'created', uid, leadId: res.leadId, dealId: res.dealId, message: res.message };
    } catch (e) {
      this.deps.fetcher.observe(e);
      if (e instanceof ApiError && e.unreachable) return { status: 'queued', uid, problem: e.message };
      throw toPosError(e);
    }
  }

  /** Every lead waiting; one keyed for another marketplace than the one set now says which. */
  outbox(): { entries: OutboxEntry[] } {
    const target = leadTarget(this.deps.source.namespace());
    const entries = this.deps.outbox.list().map(({ namespace, ...row }): OutboxEntry => {
      const equipment = this.deps.cache.get(namespace, KEY.leadEquipment(row.uid), KeptEquipment)?.value;
      const keptFor = leadTarget(namespace) === target ? undefined : keptForWords(namespace);
      return { ...row, ...(equipment ? { equipment } : {}), ...(keptFor ? { keptFor } : {}) };
    });
    return { entries };
  }

  discard(uid: string): { discarded: boolean } {
    const discarded = this.deps.outbox.remove(uid);
    if (discarded) this.deps.bus.emit('catalogue.changed', { scope: 'leads', freshness: this.deps.fetcher.freshness(null, 'cache') });
    return { discarded };
  }

  /**
   * Tries every pending lead once (a person asked: Try again, posctl), or with `byItself` only
   * those due by their back-off and not waiting for a person. A lead the service already has
   * (same uid) is not sent again.
   */
  retryOutbox(options: { byItself?: boolean } = {}): Promise<LeadResult[]> {
    this.retrying ??= this.retryOnce(options.byItself === true).finally(() => (this.retrying = undefined));
    return this.retrying;
  }

  private async retryOnce(byItself: boolean): Promise<LeadResult[]> {
    const results: LeadResult[] = [];
    const at = (): string => this.deps.now().toISOString();
    for (const entry of this.deps.outbox.pending(this.deps.source.namespace(), byItself ? at() : undefined)) {
      const { request } = entry;
      let known: LeadView | undefined;
      try {
        known = (await this.deps.client.leads(request.businessConsultantId)).map(leadView).find((l) => l.uid === request.uid);
      } catch (e) {
        if (e instanceof ApiError && e.unreachable) {
          this.deps.fetcher.observe(e);
          this.deps.outbox.failed(entry.uid, e.message, at());
          results.push({ status: 'queued', uid: entry.uid, problem: e.message });
          continue;
        }
        // The list is only a check against duplicates; a refusal of it does not stop the send.
      }
      const result: LeadResult = known
        ? { status: 'created', uid: request.uid, leadId: known.identifier, dealId: known.dealId || null, message: 'the lead system already had this lead' }
        : await this.send(request).catch((e: unknown) => ({
            status: 'rejected' as const,
            uid: request.uid,
            errorCode: e instanceof PosError ? e.code : 'ERROR',
            errMessage: e instanceof Error ? e.message : String(e),
            message: '',
          }));
      if (result.status === 'created') this.deps.outbox.remove(entry.uid);
      // The lead system's words; its error code stays in the log and in posctl's answer.
      else if (result.status === 'rejected') this.deps.outbox.rejected(entry.uid, result.errMessage);
      else this.deps.outbox.failed(entry.uid, result.problem, at());
      results.push(result);
    }
    if (results.length > 0) this.deps.bus.emit('catalogue.changed', { scope: 'leads', freshness: this.deps.fetcher.freshness(null, 'cache') });
    return results;
  }
}

/** The marketplace an outbox namespace stands for: the training simulator, or a service address. */
function keptForWords(namespace: string): { training: boolean; url: string } {
  const target = leadTarget(namespace);
  const url = target.slice(target.indexOf(':') + 1);
  return url === 'training' ? { training: true, url: '' } : { training: false, url };
}
