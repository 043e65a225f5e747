import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, testDatabases } from '../test-support.js';
import { readVersions } from '../repositories/settings-repository.js';
import { inTransaction, systemContext, type UseCaseContext } from './use-case.js';

/**
 * The one way a use case writes (docs/architecture.md): one transaction, and the effects it declares
 * acted on only once its data is committed, each attempt's own.
 */
describe.each(testDatabases)('use cases on $name', ({ name }) => {
  let built: Awaited<ReturnType<typeof buildTestApp>>;
  let app: Awaited<ReturnType<typeof buildTestApp>>['app'];
  let ctx: UseCaseContext;
  beforeAll(async () => {
    built = await buildTestApp(name);
    app = built.app;
    ctx = systemContext(app.shop, app.log);
  });
  afterAll(() => built?.close());

  const versions = () => readVersions(app.shop.db, app.shop.dialect);
  const productId = async () => (await app.shop.db.selectFrom('products').select('id').orderBy('id').executeTakeFirstOrThrow()).id;

  it('runs the effects after the commit: the job runner is woken, stock and content versions move, the catalogue hears of the products', async () => {
    const wake = vi.spyOn(app.shop.outbox, 'wake');
    const stock = vi.spyOn(app.shop.catalog, 'stockChanged');
    const id = await productId();
    const before = await versions();
    let wokenInside = true;
    const result = await inTransaction(ctx, async ({ after }) => {
      after.jobAdded();
      after.stockChanged([id, id]);
      after.productsChanged([id]);
      wokenInside = wake.mock.calls.length > 0;
      return 'done';
    });
    expect(result).toBe('done');
    expect(wokenInside).toBe(false);
    expect(wake).toHaveBeenCalledTimes(1);
    expect(stock).toHaveBeenCalledTimes(1);
    expect([...(stock.mock.calls[0]![0] as Iterable<number>)]).toEqual([id]);
    const after = await versions();
    expect(after.stock).toBeGreaterThan(before.stock);
    expect(after.content).toBeGreaterThan(before.content);
    const marked = await app.shop.db.selectFrom('products').select('changed_version').where('id', '=', id).executeTakeFirstOrThrow();
    expect(Number(marked.changed_version)).toBe(after.content);
    wake.mockRestore();
    stock.mockRestore();
  });

  it('leaves no effect and no mark behind when the transaction rolls back', async () => {
    const wake = vi.spyOn(app.shop.outbox, 'wake');
    const stock = vi.spyOn(app.shop.catalog, 'stockChanged');
    const id = await productId();
    const before = await versions();
    await expect(
      inTransaction(ctx, async ({ trx, after }) => {
        await trx.updateTable('products').set({ stock: 12345 }).where('id', '=', id).execute();
        after.jobAdded();
        after.stockChanged([id]);
        after.contentChanged('everything');
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(wake).not.toHaveBeenCalled();
    expect(stock).not.toHaveBeenCalled();
    expect(await versions()).toMatchObject({ stock: before.stock, content: before.content, reload: before.reload });
    const row = await app.shop.db.selectFrom('products').select('stock').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.stock).not.toBe(12345);
    wake.mockRestore();
    stock.mockRestore();
  });

  it("runs a conflicting attempt again with fresh effects: only the committed attempt's effects run", async () => {
    const stock = vi.spyOn(app.shop.catalog, 'stockChanged');
    let attempts = 0;
    await inTransaction(
      ctx,
      async ({ after }) => {
        attempts++;
        after.stockChanged([attempts * 1000]);
        // A serialization failure as PostgreSQL reports it: retried by inTransaction.
        if (attempts === 1) throw Object.assign(new Error('could not serialize access'), { code: '40001' });
      },
      { retryConflicts: true },
    );
    expect(attempts).toBe(2);
    expect(stock).toHaveBeenCalledTimes(1);
    expect([...(stock.mock.calls[0]![0] as Iterable<number>)]).toEqual([2000]);
    stock.mockRestore();
  });

  it('reloads the whole catalogue for `everything`, which outranks named products', async () => {
    const before = await versions();
    // Read before the transaction: SQLite's one connection is the transaction's until it ends.
    const id = await productId();
    await inTransaction(ctx, async ({ after }) => {
      after.productsChanged([id]);
      after.contentChanged('everything');
    });
    const after = await versions();
    expect(after.reload).toBe(after.content);
    expect(after.content).toBeGreaterThan(before.content);
  });

  it('keeps the committed result when an effect after the commit fails, and logs it', async () => {
    const stock = vi.spyOn(app.shop.catalog, 'stockChanged').mockImplementation(() => {
      throw new Error('catalogue busy');
    });
    const log = vi.spyOn(ctx.log, 'error');
    const result = await inTransaction(ctx, async ({ after }) => {
      after.stockChanged([1]);
      return 42;
    });
    expect(result).toBe(42);
    expect(log).toHaveBeenCalledWith(expect.objectContaining({ effect: 'stock' }), expect.any(String));
    stock.mockRestore();
    log.mockRestore();
  });
});
