// CPU time used by processes, from /proc (Linux): what a request costs a server, whatever else
// the machine is doing, where requests a second depend on who saturates first.
import fs from 'node:fs';

/** CPU seconds (user + system) process `pid` has used so far; null where /proc cannot tell. */
export function cpuSeconds(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of stat(5), in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** CPU seconds used so far by every process of this command name (e.g. all of PostgreSQL's backends). */
export function cpuSecondsOf(command) {
  let total = 0;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== command) continue;
    } catch {
      continue;
    }
    total += cpuSeconds(pid) ?? 0;
  }
  return total;
}
