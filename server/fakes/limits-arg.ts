/**
 * A fake's request limits chosen on its command line (`--limits=real`, `--limits off`) or, without the flag,
 * by its environment variable; `fallback` when neither names `real` or `off`.
 */
export function limitsFromArgs(
  args: string[],
  variable: string | undefined,
  fallback: 'real' | 'off',
): 'real' | 'off' {
  const at = args.findIndex((arg) => arg === '--limits' || arg.startsWith('--limits='));
  const value = at < 0 ? variable : (args[at]?.split('=')[1] ?? args[at + 1]);
  return value === 'real' || value === 'off' ? value : fallback;
}
