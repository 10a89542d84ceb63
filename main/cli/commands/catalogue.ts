import type { Command } from 'commander';
import type { CliContext } from '../context';
import { contractCall } from '../contract-call';
import { intArg } from '../input';
import { CliError, EXIT, freshnessLine, money, printJson, table, say, sayError, write } from '../output';

/**
 * posctl catalogue: the marketplace catalogue through the same contract calls as the screens,
 * against the configured service or, with no URL configured, the built-in training simulator.
 */

export function registerCatalogue(program: Command, ctx: CliContext): void {
  const cat = program.command('catalogue').description('equipment catalogue of the marketplace (works offline from the cache)');

  cat
    .command('categories')
    .description('list the categories')
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }) => {
      const r = await ctx.withCore((core) => contractCall(core, 'catalogue.categories', {}));
      if (opts.json) return printJson(r);
      say(table(r.categories.map((c) => [c.id, c.name, c.label, c.rank]), ['ID', 'NAME', 'LABEL', 'RANK']));
      sayError(freshnessLine(r.freshness));
    });

  cat
    .command('products')
    .description('list or search the products')
    .option('--search <words>', 'words to look for in names, suppliers, types and tags')
    .option('--category <id>', 'only products of this category id', intArg('--category'))
    .option('--type <code>', 'only this product type (TERM, PINPAD, CHKRDR, ...)')
    .option('--limit <n>', 'at most this many', intArg('--limit'))
    .option('--json', 'print JSON')
    .action(async (opts: { search?: string; category?: number; type?: string; limit?: number; json?: boolean }) => {
      const input = {
        ...(opts.search ? { query: opts.search } : {}),
        ...(opts.category !== undefined ? { categoryId: opts.category } : {}),
        ...(opts.type ? { kind: opts.type } : {}),
        ...(opts.limit !== undefined ? { limit: opts.limit } : {}),
      };
      const r = await ctx.withCore((core) => contractCall(core, 'catalogue.products', input));
      if (opts.json) return printJson(r);
      say(table(r.products.map((p) => [p.productId, p.kind, p.name, p.supplierName]), ['PRODUCT', 'TYPE', 'NAME', 'SUPPLIER']));
      sayError(`${r.products.length} of ${r.total} shown; ${freshnessLine(r.freshness)}`);
    });

  cat
    .command('product')
    .argument('<productId>', 'a productId from the product list', intArg('productId'))
    .description('one product with its details, pricing, features, includes, specs, recommended products, FAQ and options')
    .option('--json', 'print JSON')
    .action(async (productId: number, opts: { json?: boolean }) => {
      const r = await ctx.withCore((core) => contractCall(core, 'catalogue.product', { productId }));
      if (opts.json) return printJson(r);
      const p = r.product;
      say(`${p.name} (${p.productId}) — ${p.typeLabel}, ${p.supplierName}`);
      say(`Price ${money(p.priceCents)}`);
      if (p.longDescription) say(`\n${p.longDescription}`);
      if (p.pricing.length) say(`\nPurchase options\n${table(p.pricing.map((o) => [o.code, o.label, money(o.amountCents), o.occurrenceLabel]), ['CODE', 'OPTION', 'AMOUNT', 'PAID'])}`);
      if (p.features.length) say(`\nFeatures\n${p.features.map((f) => `  - ${f.text}`).join('\n')}`);
      if (p.specs.length) say(`\nSpecifications\n${p.specs.map((s) => `  ${s.name}: ${s.lines.join('; ')}`).join('\n')}`);
      for (const [title, list] of [['Included', p.includes], ['Recommended', p.recommended], ['Options', p.options]] as const) {
        if (list.length) say(`\n${title}\n${list.map((x) => `  ${x.productId}  ${x.name} (${x.typeLabel}) ${money(x.priceCents)}`).join('\n')}`);
      }
      if (p.faq.length) say(`\nFAQ\n${p.faq.map((f) => `  Q: ${f.question}\n  A: ${f.answer}`).join('\n')}`);
      for (const m of p.missingParts) sayError(`(${m.part} not available: ${m.problem})`);
      sayError(freshnessLine(r.freshness));
    });

  cat
    .command('refresh')
    .description('fetch the categories and products again now; --all also every product\'s details and images, for a day offline')
    .option('--all', 'fill the cache with every product and image (shows progress)')
    .option('--json', 'print JSON')
    .action(async (opts: { all?: boolean; json?: boolean }) => {
      const r = await ctx.withCore(async (core) => {
        if (!opts.all) return contractCall(core, 'catalogue.refresh', {});
        let shown = -1;
        const off = core.bus.on('catalogue.progress', ({ done, total }) => {
          const pct = Math.floor((done / total) * 100);
          if (pct !== shown && (pct % 10 === 0 || done === total)) {
            shown = pct;
            write(`products ${done}/${total} (${pct}%)\n`, 'stderr');
          }
        });
        try {
          return await contractCall(core, 'catalogue.warm', {});
        } finally {
          off();
        }
      });
      if (opts.json) return printJson(r);
      if ('failed' in r) say(`cached ${r.products - r.failed} of ${r.products} products and ${r.images} images${r.failed ? ` (${r.failed} could not be fetched)` : ''}`);
      else say(`refreshed ${r.categories} categories and ${r.products} products; ${freshnessLine(r.freshness)}`);
    });

  cat
    .command('cart')
    .description('the equipment cart as the Catalogue screen left it, with what is missing')
    .option('--json', 'print JSON')
    .action(async (opts: { json?: boolean }) => {
      const r = await ctx.withCore((core) => contractCall(core, 'catalogue.cart', {}));
      if (opts.json) return printJson(r);
      say(table(r.items.map((i) => [i.productId, i.quantity, i.name, i.purchaseLabel ?? '', money(i.unitCents)]), ['PRODUCT', 'QTY', 'NAME', 'OPTION', 'EACH']));
      say(`One-time ${money(r.totals.oneTimeCents)}, monthly ${money(r.totals.recurringCents)}`);
      for (const m of r.missing) say(`MISSING ${m.kind}: ${m.message}`);
      if (r.missing.length > 0) throw new CliError('the cart is missing required equipment', EXIT.NEGATIVE);
    });
}
