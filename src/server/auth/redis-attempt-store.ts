import type { Redis } from 'ioredis';
import type { AttemptCount, AttemptStore } from './attempt-store.js';

// One hash per key: f = failures in the window, w = window start, l = locked until (0: not
// locked), n = lockouts so far, e = when the key's memory runs out. Times are epoch milliseconds,
// kept as the decimal strings the caller sent (Lua's own number formatting would round them).
// Each script runs atomically in Redis, so attempts from every process each get their own count;
// PEXPIRE drops a key when its memory runs out, the job the database's prune does.

/** The database's `countAttempt`, step for step. Returns {failures, window start, locked until, lockouts}. */
const countLua = `
local now, cutoff, expires = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local h = redis.call('HMGET', KEYS[1], 'f', 'w', 'l', 'n', 'e')
local f, w, l, n, e = tonumber(h[1]), h[2], h[3] or '0', tonumber(h[4]) or 0, h[5]
if not f then
  f, w, l, n, e = 1, ARGV[1], '0', 0, ARGV[3]
else
  -- A key past its memory that has not expired yet starts its lockouts from none.
  if tonumber(e) <= now then n = 0 end
  if tonumber(l) > now then
    -- Locked: left as it is.
  elseif tonumber(w) <= cutoff then
    f, w, e = 1, ARGV[1], ARGV[3]
  else
    f, e = f + 1, ARGV[3]
  end
end
redis.call('HSET', KEYS[1], 'f', f, 'w', w, 'l', l, 'n', n, 'e', e)
redis.call('PEXPIRE', KEYS[1], math.max(1, tonumber(e) - now))
return {f, w, l, n}
`;

/** The database's `lockAttempts`: only the attempt that saw `lockouts` locks, and not a locked key. */
const lockLua = `
local now = tonumber(ARGV[2])
local h = redis.call('HMGET', KEYS[1], 'n', 'l')
if not h[1] or tonumber(h[1]) ~= tonumber(ARGV[1]) or tonumber(h[2] or '0') > now then return 0 end
redis.call('HSET', KEYS[1], 'l', ARGV[3], 'n', tonumber(ARGV[1]) + 1, 'f', 0, 'w', ARGV[2], 'e', ARGV[4])
redis.call('PEXPIRE', KEYS[1], math.max(1, tonumber(ARGV[4]) - now))
return 1
`;

/** The database's `uncountAttempt`: one failure fewer, never below none, on a key that exists. */
const uncountLua = `
local f = tonumber(redis.call('HGET', KEYS[1], 'f'))
if f and f > 0 then redis.call('HINCRBY', KEYS[1], 'f', -1) end
return 0
`;

type Script = (key: string, ...args: string[]) => Promise<unknown>;
const scripts = { nasmaAttemptCount: countLua, nasmaAttemptLock: lockLua, nasmaAttemptUncount: uncountLua } as const;

/** Attempt counters in Redis, on the shop's client, under `<prefix>attempt:<key>`. */
export class RedisAttemptStore implements AttemptStore {
  private readonly run: Record<keyof typeof scripts, Script>;

  constructor(
    private readonly client: Redis,
    private readonly prefix: string,
  ) {
    // defineCommand sends EVALSHA, and the script itself only when Redis does not know it yet.
    const commands = client as unknown as Record<string, Script | undefined>;
    for (const [name, lua] of Object.entries(scripts)) if (!commands[name]) client.defineCommand(name, { numberOfKeys: 1, lua });
    this.run = {
      nasmaAttemptCount: (...args) => commands.nasmaAttemptCount!.apply(client, args),
      nasmaAttemptLock: (...args) => commands.nasmaAttemptLock!.apply(client, args),
      nasmaAttemptUncount: (...args) => commands.nasmaAttemptUncount!.apply(client, args),
    };
  }

  private key(key: string): string {
    return `${this.prefix}attempt:${key}`;
  }

  async count(key: string, at: { now: number; windowCutoff: number; expiresAt: number }): Promise<AttemptCount> {
    const reply = (await this.run.nasmaAttemptCount(this.key(key), String(at.now), String(at.windowCutoff), String(at.expiresAt))) as Array<number | string>;
    const [failures, windowStart, lockedUntil, lockouts] = reply.map(Number) as [number, number, number, number];
    return { failures, windowStart, lockedUntil, lockouts };
  }

  async lock(key: string, lock: { lockouts: number; now: number; lockedUntil: number; expiresAt: number }): Promise<void> {
    await this.run.nasmaAttemptLock(this.key(key), String(lock.lockouts), String(lock.now), String(lock.lockedUntil), String(lock.expiresAt));
  }

  async uncount(key: string): Promise<void> {
    await this.run.nasmaAttemptUncount(this.key(key));
  }

  async clear(key: string): Promise<void> {
    await this.client.del(this.key(key));
  }
}
