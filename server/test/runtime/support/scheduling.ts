import { readFileSync } from 'node:fs';

/** A thread's nice value and scheduling policy as the kernel reports them (fields 19 and 41 of its stat). */
export function schedulingOf(task: string): { nice: number; policy: number } {
  const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { nice: Number(fields[16]), policy: Number(fields[38]) };
}
